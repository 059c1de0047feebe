import { act, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// ui/hydration.ts keeps the page's state in its module: each test loads it afresh.
let Part: typeof import('./Part').Part;
let hydration: typeof import('./hydration');
beforeEach(async () => {
  vi.resetModules();
  ({ Part } = await import('./Part'));
  hydration = await import('./hydration');
});

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

/** Says the shell has committed from its effect, as main.tsx's MarkReady does (after its children's). */
function ShellDone({ children }: { children: ReactNode }) {
  useEffect(() => hydration.shellDone(), []);
  return children;
}

/** Renders `tree` inside the shell (in StrictMode when `strict`). */
async function renderShell(tree: ReactNode, { strict = false } = {}) {
  const container = document.createElement('div');
  const root = createRoot(container);
  let ready = false;
  hydration.whenEveryPartIsDone(() => (ready = true));
  const shell = <ShellDone>{tree}</ShellDone>;
  await act(async () => root.render(strict ? <StrictMode>{shell}</StrictMode> : shell));
  // Microtasks queued by effect cleanups have run by now.
  await act(async () => {});
  return { container, root, isReady: () => ready };
}

describe('whenEveryPartIsDone', () => {
  it('waits for every part, including one nested in a part that arrives later, before calling the app ready', async () => {
    const outer = waitingContent();
    const inner = waitingContent();
    function Shell() {
      const [shown] = useState(true);
      return shown ? (
        <Part>
          <outer.Content />
          <Part>
            <inner.Content />
          </Part>
        </Part>
      ) : null;
    }
    const { container, root, isReady } = await renderShell(<Shell />);
    expect(isReady()).toBe(false);
    await outer.release();
    // The outer part's content is on screen, but the part nested in it is still waiting.
    expect(container.textContent).toBe('content');
    expect(isReady()).toBe(false);
    await inner.release();
    expect(container.textContent).toBe('contentcontent');
    expect(isReady()).toBe(true);
    act(() => root.unmount());
  });

  it("is not fooled by StrictMode's second run of every effect", async () => {
    const part = waitingContent();
    const { root, isReady } = await renderShell(
      <Part>
        <part.Content />
      </Part>,
      { strict: true },
    );
    expect(isReady()).toBe(false);
    await part.release();
    expect(isReady()).toBe(true);
    act(() => root.unmount());
  });

  it('stops waiting for a part that goes away before its content came', async () => {
    const part = waitingContent();
    function Shell({ shown }: { shown: boolean }) {
      return shown ? (
        <Part>
          <part.Content />
        </Part>
      ) : null;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Shell shown />));
    hydration.shellDone();
    let ready = false;
    hydration.whenEveryPartIsDone(() => (ready = true));
    expect(ready).toBe(false);
    await act(async () => root.render(<Shell shown={false} />));
    expect(ready).toBe(true);
    act(() => root.unmount());
  });
});
