import { hasControlCharacters } from './plain-text.js';

/** Longest return path kept; longer is not a page of ours. */
const RETURN_TO_MAX = 2000;

/** A host that is never ours, to resolve a path against and see where a browser would go. */
const PROBE_ORIGIN = 'http://byline.invalid';

/**
 * A path on this site to open after signing in, or null. Only a path starting with a single
 * `/` qualifies: `//host` and `/\host` are read by browsers as another site, and control
 * characters are dropped by URL parsers (so `/\t/host` would become `//host`). The answer is
 * the path as a URL parser normalises it, and that too must not start with `//`: dot segments
 * and backslashes (`/.//host`, `/x/..//host`, `/x\..\\host`) resolve to `//host`, which
 * becomes another site as soon as anything (a redirect built from a parsed URL, a client
 * router) writes the path on its own.
 */
export function sameSitePath(returnTo: unknown): string | null {
  if (typeof returnTo !== 'string' || returnTo.length === 0 || returnTo.length > RETURN_TO_MAX) return null;
  if (!returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) return null;
  if (hasControlCharacters(returnTo)) return null;
  let url: URL;
  try {
    url = new URL(returnTo, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return normalised.length > RETURN_TO_MAX ? null : normalised;
}
