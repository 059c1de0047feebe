import { describe, expect, it } from 'vitest';
import { readServerState, serverStateScript, SERVER_STATE_ELEMENT_ID } from './serverState';

function documentWith(body: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = body;
  return doc;
}

describe('the server-rendered page data block', () => {
  it('reads back what the server wrote, markup in the data included', () => {
    const state = { 'Post:1': { __typename: 'Post', caption: '</script><script>alert(1)</script> & <b>' } };
    const script = serverStateScript(state);
    expect(script).not.toContain('</script><script>');
    expect(script.startsWith(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">`)).toBe(true);
    expect(readServerState(documentWith(script))).toEqual(state);
  });

  it('is null on a page the browser renders alone, or with a block that does not read', () => {
    expect(readServerState(documentWith('<div id="root"></div>'))).toBeNull();
    expect(readServerState(documentWith(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">{"cut</script>`))).toBeNull();
    expect(readServerState(documentWith(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">42</script>`))).toBeNull();
  });
});
