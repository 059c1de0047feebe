import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../../../config.js';
import { SESSION_TOKEN_TTL_SECONDS } from './session-token.js';
import { REFRESH_COOKIE, SESSION_COOKIE } from '../../../http/session-cookie-names.js';

/** While masquerading: the admin's own refresh token, restored by Stop Masquerade. */
export const ADMIN_REFRESH_COOKIE = 'byline_admin_refresh';
/**
 * Readable by the page (not httpOnly): the menu shows Stop Masquerade only while it exists
 * (docs/product.md §Shell, item 14). It grants nothing; the session itself says who is
 * masquerading.
 */
export const MASQUERADE_COOKIE = 'masquerade';

/** Secure everywhere except plain-http localhost, so development works without TLS. */
function isSecure(config: AppConfig): boolean {
  const url = new URL(config.publicUrl);
  return url.protocol === 'https:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The options of every cookie the sign-in code sets: httpOnly, SameSite=Lax, Secure but on plain-http localhost. */
export function authCookieOptions(config: AppConfig, path = '/'): CookieOptions {
  return { httpOnly: true, secure: isSecure(config), sameSite: 'lax', path };
}

export function setAccessCookie(res: Response, config: AppConfig, accessToken: string): void {
  res.cookie(SESSION_COOKIE, accessToken, { ...authCookieOptions(config), maxAge: SESSION_TOKEN_TTL_SECONDS * 1000 });
}

export function setSessionCookies(res: Response, config: AppConfig, tokens: { accessToken: string; refreshToken: string }): void {
  setAccessCookie(res, config, tokens.accessToken);
  res.cookie(REFRESH_COOKIE, tokens.refreshToken, { ...authCookieOptions(config), maxAge: config.sessionDays * 24 * 60 * 60 * 1000 });
}

export function clearSessionCookies(res: Response, config: AppConfig): void {
  for (const name of [SESSION_COOKIE, REFRESH_COOKIE, ADMIN_REFRESH_COOKIE]) res.clearCookie(name, authCookieOptions(config));
  res.clearCookie(MASQUERADE_COOKIE, { ...authCookieOptions(config), httpOnly: false });
}

export function setMasqueradeCookies(res: Response, config: AppConfig, adminRefreshToken: string | null, targetUserId: number): void {
  const maxAge = config.sessionDays * 24 * 60 * 60 * 1000;
  if (adminRefreshToken) res.cookie(ADMIN_REFRESH_COOKIE, adminRefreshToken, { ...authCookieOptions(config), maxAge });
  res.cookie(MASQUERADE_COOKIE, String(targetUserId), { ...authCookieOptions(config), httpOnly: false, maxAge });
}

export function clearMasqueradeCookies(res: Response, config: AppConfig): void {
  res.clearCookie(ADMIN_REFRESH_COOKIE, authCookieOptions(config));
  res.clearCookie(MASQUERADE_COOKIE, { ...authCookieOptions(config), httpOnly: false });
}

/** A cookie of the request (express has no cookie parser installed). */
export function requestCookie(req: Request, name: string): string | null {
  return parseCookies(req.headers.cookie ?? '')[name] ?? null;
}
