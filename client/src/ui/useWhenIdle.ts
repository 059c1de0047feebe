import { useEffect } from 'react';
import { whenEveryPartIsDone } from './hydration';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** How long an idle moment may be waited for before the work runs anyway (a page that never idles). */
const IDLE_TIMEOUT_MS = 4_000;

/**
 * Marked on the page's timeline when the first idle work starts: what the page fetches from then
 * on is preloading for later, not its first load (`npm run bench:client` counts the two apart).
 */
export const IDLE_WORK_MARK = 'byline:idle-work';

let idleWorkMarked = false;

function markIdleWork(): void {
  if (idleWorkMarked) return;
  idleWorkMarked = true;
  // Where the page has no User Timing (some test environments), there is nothing to mark.
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(IDLE_WORK_MARK);
}

/** Runs `work` at the browser's next idle moment (after the current task where there is no idle callback, as in Safari); returns a cancel. */
function onIdle(work: () => void): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Runs `work` once, at the first idle moment after the page is on screen (every part of it
 * rendered: ui/hydration.ts), while `enabled`. Not earlier: the main thread is idle while the
 * page's own code downloads, and a preload then would compete with it. Used to fetch the code of
 * menus and dialogs before they are opened. `work` should keep its identity across renders (a
 * module-level function or a useCallback).
 */
export function useWhenIdle(work: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let cancelIdle = () => undefined as void;
    whenEveryPartIsDone(() => {
      if (cancelled) return;
      cancelIdle = onIdle(() => {
        markIdleWork();
        work();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [work, enabled]);
}
