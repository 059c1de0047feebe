/**
 * A small seeded pseudo-random generator (mulberry32), so the demo data is the same on every
 * machine and every run: screenshots, docs and bug reports can name a demo post and be right.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` different items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.min(count, pool.length));
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return text;
  }

  /** A long-tailed count (views, likes): most posts small, a few huge. */
  heavyTail(max: number): number {
    return Math.floor(Math.pow(this.next(), 4) * max);
  }
}

/**
 * A seed for one item of a set (`parts`: what kind of item, its index…), mixed from the set's
 * seed so neighbouring items get unrelated streams: item 7's picture does not change when item
 * 6 draws more numbers.
 */
export function deriveSeed(seed: number, ...parts: number[]): number {
  let hash = seed >>> 0;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x9e3779b1);
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
  }
  return hash >>> 0;
}
