/**
 * Where to go after signing in. Only same-site paths are followed: a `returnTo` of
 * `https://evil.example` or `//evil.example` must never turn the sign-in page into an
 * open redirect.
 */
export function safeReturnTo(returnTo: string | null | undefined, fallback = '/'): string {
  if (!returnTo) return fallback;
  const trimmed = returnTo.trim();
  // "/path" only: not "//host" nor "/\host" (browsers read both as another origin).
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return fallback;
  try {
    const resolved = new URL(trimmed, window.location.origin);
    if (resolved.origin !== window.location.origin) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}

export const CHOOSE_USERNAME_PATH = '/signup/username';

/** `/signup/username?returnTo=…&welcome=1`: where a brand-new account finishes signing up (spec 4.3). */
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

/** Spec 4.3: coming back to a team invitation goes straight to sign-up (the invitation proved the address). */
export function isTeamInvitationPath(returnTo: string | null): boolean {
  return returnTo !== null && /^\/teams\/accept\/[^/]+/.test(returnTo);
}
