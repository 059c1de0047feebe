/**
 * A push-based async iterator: producers `push`, one consumer iterates with `for await`.
 * Values wait in a queue until the consumer asks; `end` (or the consumer's `return`) finishes it
 * and calls `onEnd` once, which is where a subscription removes itself.
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
    // Events still buffered are dropped: whoever ended the queue (an unsubscribing client, a
    // stopping module) wants no more of them, and a stopping module's loop would otherwise go on
    // acting on them after what it acts with (the job queue, say) has closed.
    this.values.length = 0;
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
