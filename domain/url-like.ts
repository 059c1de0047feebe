/** Telling a pasted link from search text (docs/product.md §Search), with no network tables: the shell's search box needs only this. */

/**
 * Whether typed text should be treated as a link rather than a search: it has a scheme
 * (`https://…`, `ftp://…`), starts with `www.`, or is a domain followed by a path
 * (`x.com/…`). A bare `john.doe` stays a search, since usernames may contain dots.
 */
export function isUrlLike(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return true;
  if (/^www\.[^./]+\.[^./]/i.test(trimmed)) return true;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?\//i.test(trimmed);
}
