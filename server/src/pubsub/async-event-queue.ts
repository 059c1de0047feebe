/**
 * A push-based async iterator: producers `push`, one consumer iterates with `for await`.
 * Values wait in a queue until the consumer asks; `end` (or the consumer's `return`) finishes it
 * and calls `onEnd` once, which is where a subscription removes itself. Values pushed before the
 * end are still handed out (a last "session closed" event, say); a consumer that must not act on
 * them after it stopped checks for that itself.
 */
export class AsyncEventQueue<T> implements AsyncIterableIterator<T> {
  private readonly values: T[] = [];
  private readonly waiting: Array<(result: IteratorResult<T>) => void> = [];
  private done = false;

  constructor(private readonly onEnd: () => void = () => undefined) {}

  push(value: T): void {
    if (this.done) return;
    const next = this.waiting.shift();
    if (next) next({ value, done: false });
    else this.values.push(value);
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.onEnd();
    for (const resolve of this.waiting.splice(0)) resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    if (this.values.length > 0) return Promise.resolve({ value: this.values.shift() as T, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
