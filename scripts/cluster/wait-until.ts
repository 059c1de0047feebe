/**
 * Waiting for a condition, never for a time: the check looks again every `intervalMs` until the
 * condition holds or the deadline (generous: a busy 2-core machine is slow, not wrong) passes.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, options: { deadlineMs: number; intervalMs?: number }): Promise<boolean> {
  const deadline = Date.now() + options.deadlineMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** The promise's value, or null when it has not settled by the deadline. */
export async function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
