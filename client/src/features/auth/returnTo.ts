import { sameSitePath } from '@domain/return-to';

/**
 * Where to go after signing in: a path of this site only (the same rule as the server's,
 * `domain/return-to.ts`), so a `returnTo` of `https://evil.example`, `//evil.example` or
 * `/.//evil.example` never turns a sign-in page into an open redirect.
 */
export function safeReturnTo(returnTo: string | null | undefined, fallback = '/'): string {
  return sameSitePath(returnTo?.trim()) ?? fallback;
}

export const CHOOSE_USERNAME_PATH = '/signup/username';

/** `/signup/username?returnTo=…&welcome=1`: where a brand-new account finishes signing up (docs/product.md §Sign-in). */
export function chooseUsernameHref(returnTo: string | null, welcome: boolean): string {
  const query = new URLSearchParams();
  if (returnTo) query.set('returnTo', returnTo);
  if (welcome) query.set('welcome', '1');
  const search = query.toString();
  return search ? `${CHOOSE_USERNAME_PATH}?${search}` : CHOOSE_USERNAME_PATH;
}

/** A link to another auth page that keeps the visitor's return path. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${new URLSearchParams({ returnTo }).toString()}` : path;
}

/** docs/product.md §Sign-in: coming back to a team invitation goes straight to sign-up (the invitation proved the address). */
export function isTeamInvitationPath(returnTo: string | null): boolean {
  return teamInvitationCode(returnTo) !== null;
}

/** The invitation code of a `/teams/accept/{code}` return path: sign-up sends it as the address's proof. */
export function teamInvitationCode(returnTo: string | null): string | null {
  const match = returnTo?.match(/^\/teams\/accept\/([^/?#]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
