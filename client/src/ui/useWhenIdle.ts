import { useEffect } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** How long an idle moment may be waited for before the work runs anyway (a page that never idles). */
const IDLE_TIMEOUT_MS = 4_000;

/**
 * Runs `work` once, the first time the browser is idle after the component mounts (after the
 * page's own loading and rendering), while `enabled`. Where there is no idle callback (Safari),
 * after the current task. Used to fetch the code of menus and dialogs before they are opened.
 * `work` should keep its identity across renders (a module-level function or a useCallback).
 */
export function useWhenIdle(work: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const idle = window as IdleWindow;
    if (idle.requestIdleCallback && idle.cancelIdleCallback) {
      const handle = idle.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      return () => idle.cancelIdleCallback?.(handle);
    }
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }, [work, enabled]);
}
