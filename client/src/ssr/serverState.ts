/**
 * What a server-rendered page carries for the browser: the Apollo cache the server filled while
 * rendering, in a JSON data block (the CSP allows no inline script, and a data block is not one).
 */
export const SERVER_STATE_ELEMENT_ID = 'byline-server-state';

/** The data block for `state`, safe inside HTML: `<` is escaped, so no `</script>` can end it early. */
export function serverStateScript(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

/** The cache the server rendered the page with, or null on a page the browser renders alone. */
export function readServerState(doc: Document = document): Record<string, unknown> | null {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state: unknown = JSON.parse(element.textContent);
    return state && typeof state === 'object' ? (state as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
