import { deleteCookie, readCookie } from './cookies';

/** Set by the server (page-readable) while an admin acts as another user (docs/product.md §Masquerading). */
export const MASQUERADE_COOKIE_NAME = 'masquerade';

export function hasMasqueradeCookie(): boolean {
  return readCookie(MASQUERADE_COOKIE_NAME) !== null;
}

export function clearMasqueradeCookie(): void {
  deleteCookie(MASQUERADE_COOKIE_NAME);
}
