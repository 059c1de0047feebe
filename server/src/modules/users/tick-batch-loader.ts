/**
 * Gathers the keys asked for during one tick and fetches them together, caching each answer:
 * a list of 50 users asking for a field costs one query, not 50. The same scheduling as the
 * DataLoader library (after the current promise jobs), without adding it as a dependency.
 */
export class TickBatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  private pending: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>, private readonly fallback: (key: K) => V) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.pending.length === 0) void Promise.resolve().then(() => process.nextTick(() => this.dispatch()));
      this.pending.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  private dispatch(): void {
    const batch = this.pending;
    this.pending = [];
    this.fetchMany(batch.map((entry) => entry.key)).then(
      (found) => {
        for (const entry of batch) entry.resolve(found.get(entry.key) ?? this.fallback(entry.key));
      },
      (error: unknown) => {
        // A failed batch must not stay cached: the next request for these keys tries again.
        for (const entry of batch) {
          this.cache.delete(entry.key);
          entry.reject(error);
        }
      },
    );
  }
}
