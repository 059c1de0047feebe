import { describe, expect, it } from 'vitest';
import { AsyncEventQueue } from './async-event-queue.js';

describe('AsyncEventQueue', () => {
  it('hands out buffered events in order, then waits for the next push', async () => {
    const queue = new AsyncEventQueue<number>();
    queue.push(1);
    queue.push(2);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
    const waiting = queue.next();
    queue.push(3);
    expect(await waiting).toEqual({ value: 3, done: false });
  });

  it('still hands out what was pushed before the end, nothing pushed after it, and ends once', async () => {
    let ended = 0;
    const queue = new AsyncEventQueue<number>(() => ended++);
    queue.push(1);
    await queue.return();
    await queue.return();
    queue.push(2);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: undefined, done: true });
    expect(ended).toBe(1);
  });

  it('ends a for-await loop that is waiting', async () => {
    const queue = new AsyncEventQueue<number>();
    const seen: number[] = [];
    const loop = (async () => {
      for await (const value of queue) seen.push(value);
    })();
    queue.push(1);
    await expect.poll(() => seen).toEqual([1]);
    queue.end();
    await loop;
    expect(seen).toEqual([1]);
  });
});
