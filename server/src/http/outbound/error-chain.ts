/**
 * undici wraps connection errors ("fetch failed", cause: …), so what went wrong sits somewhere in
 * the `cause` chain. Both outbound clients (post import, webhooks) read it the same way.
 */
const MAX_DEPTH = 4;

/** The first error of `type` in the chain, if any. */
export function causeOfType<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < MAX_DEPTH; depth++) {
    if (current instanceof type) return current;
    current = current.cause;
  }
  return undefined;
}

/** The first system error code (ENOTFOUND, ECONNREFUSED…) in the chain, if any. */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < MAX_DEPTH; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = current.cause;
  }
  return undefined;
}
