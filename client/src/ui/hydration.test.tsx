import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Part } from './Part';
import { shellDone, whenEveryPartIsDone } from './hydration';

/** A part whose content waits for `release`, as a lazily loaded part waits for its code. */
function waitingContent() {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  let ready = false;
  void arrived.then(() => (ready = true));
  function Content() {
    if (!ready) throw arrived;
    return <p>content</p>;
  }
  return { Content, release: async () => act(async () => release()) };
}

describe('whenEveryPartIsDone', () => {
  const container = document.createElement('div');
  afterEach(() => container.replaceChildren());

  it('waits for every part, including one nested in a part that arrives later, before calling the app ready', async () => {
    const outer = waitingContent();
    const inner = waitingContent();
    let ready = false;
    function Shell() {
      const [shown] = useState(true);
      return shown ? (
        <Part fallback={null}>
          <outer.Content />
          <Part fallback={null}>
            <inner.Content />
          </Part>
        </Part>
      ) : null;
    }
    const root = createRoot(container);
    await act(async () => root.render(<Shell />));
    shellDone();
    whenEveryPartIsDone(() => (ready = true));
    expect(ready).toBe(false);
    await outer.release();
    // The outer part's content is on screen, but the part nested in it is still waiting.
    expect(container.textContent).toBe('content');
    expect(ready).toBe(false);
    await inner.release();
    expect(container.textContent).toBe('contentcontent');
    expect(ready).toBe(true);
    act(() => root.unmount());
  });
});
