/**
 * When the app has taken over every part of a server-rendered page. React hydrates the shell
 * first and each Suspense boundary later, in passes of its own (and a boundary whose code is
 * still loading, only once it has arrived), so the shell's first effect comes too early: a click
 * on a part not yet hydrated is lost, and a query that would show "Loading…" must still answer
 * from the server's cache, or the part would not match its markup.
 *
 * Every boundary that may hold server markup is a `Part` (ui/Part.tsx): it says it exists from
 * the pass that renders it, and that it is done from the pass that renders its content. Since
 * effects run children first, a boundary nested in a part is known before that part is done, so
 * the count cannot reach zero between passes.
 */

const waiting = new Set<string>();
const done = new Set<string>();
let shellCommitted = false;
let finished = false;
const listeners: Array<() => void> = [];

function settle(): void {
  if (finished || !shellCommitted) return;
  for (const id of waiting) if (!done.has(id)) return;
  finished = true;
  for (const listener of listeners.splice(0)) listener();
}

/** A part's boundary has rendered (its content may not have yet). */
export function partWaiting(id: string): () => void {
  waiting.add(id);
  return () => {
    waiting.delete(id);
    // A part gone (its page left, or an error shown instead) waits no more. Checked after the
    // commit: React's StrictMode runs every effect's cleanup and the effect again at once in
    // development, and between the two the part must not count as gone.
    queueMicrotask(settle);
  };
}

/** A part's content has rendered (hydrated, or rendered by the browser). */
export function partDone(id: string): () => void {
  done.add(id);
  settle();
  return () => void done.delete(id);
}

/** The shell's own pass has committed: parts outside any boundary are known from here on. */
export function shellDone(): void {
  shellCommitted = true;
  settle();
}

/** Runs `listener` once every part known has rendered its content (at once if that is so already). */
export function whenEveryPartIsDone(listener: () => void): void {
  if (finished) listener();
  else listeners.push(listener);
}
