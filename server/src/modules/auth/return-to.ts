/** Longest return path kept; longer is not a page of ours. */
const RETURN_TO_MAX = 2000;

/**
 * A path on this site to open after signing in, or null. Only a path starting with a single
 * `/` qualifies: `//host` and `/\host` are read by browsers as another site, and control
 * characters are dropped by URL parsers (so `/\t/host` would become `//host`).
 */
export function sameSitePath(returnTo: unknown): string | null {
  if (typeof returnTo !== 'string' || returnTo.length === 0 || returnTo.length > RETURN_TO_MAX) return null;
  if (!returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(returnTo)) return null;
  return returnTo;
}
