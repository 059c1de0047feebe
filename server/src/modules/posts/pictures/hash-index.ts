import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Near-neighbour search over 64-bit hashes by multi-index hashing (Norouzi et al.): each hash
 * is stored with its four 16-bit bands in indexed columns of `post_image_hashes`.
 *
 * Pigeonhole: if two hashes differ in at most r bits, those bits fall into 4 bands, so at least
 * one band differs in at most ⌊r/4⌋ bits. With MATCH_RADIUS = 10 that is ⌊10/4⌋ = 2: every match
 * shares, in some band, a value within 2 bits of the query's band. A 16-bit value has
 * 1 + 16 + C(16,2) = 137 such neighbours, so a query hash probes 4 × 137 = 548 band values through
 * four B-tree index scans (OR-ed into one bitmap) instead of reading every row; only those
 * candidates get the exact distance, `bit_count((hash # query)::bit(64))`, and the radius check.
 */
export const MATCH_RADIUS = 10;
const BANDS = 4;
const BAND_BITS = 16;
export const BAND_PROBE_RADIUS = Math.floor(MATCH_RADIUS / BANDS);

/** The four 16-bit bands of a hash, lowest first, as unsigned integers. */
export function bandsOf(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return Array.from({ length: BANDS }, (_, band) => Number((unsigned >> BigInt(band * BAND_BITS)) & 0xffffn));
}

/** Every 16-bit value within `radius` bits of `value` (the value itself included). */
export function bandNeighbours(value: number, radius: number = BAND_PROBE_RADIUS): number[] {
  const found = [value];
  let frontier = [value];
  for (let step = 0; step < radius; step++) {
    const next: number[] = [];
    for (const current of frontier) {
      // Flip only bits above the highest flipped so far, so each set of flips is made once.
      const flipped = current ^ value;
      const lowest = flipped === 0 ? 0 : 32 - Math.clz32(flipped);
      for (let bit = lowest; bit < BAND_BITS; bit++) next.push(current ^ (1 << bit));
    }
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** PostgreSQL's bigint is signed: the same 64 bits, read as a signed number. */
export function toStoredHash(hash: bigint): string {
  return BigInt.asIntN(64, hash).toString();
}

/**
 * A PostgreSQL array literal (`{1,2,3}`) for a `?::int[]` or `?::bigint[]` parameter: the query
 * layer would spread a JavaScript array into a list of parameters. Numbers only, so nothing to quote.
 */
export function sqlArray(values: ReadonlyArray<number | string>): string {
  return `{${values.join(',')}}`;
}

/** Replaces a post's hashes (one per variant) with those of its current picture, in one statement. */
export async function storePostHashes(em: EntityManager, postId: number, hashes: readonly bigint[]): Promise<void> {
  const bands = hashes.map(bandsOf);
  // Variants beyond the new count go; the others are overwritten in place.
  await em.execute(
    `with gone as (delete from post_image_hashes where post_id = ? and variant >= ?)
     insert into post_image_hashes (post_id, variant, hash, band0, band1, band2, band3)
     select ?, v.variant - 1, v.hash, v.band0, v.band1, v.band2, v.band3
       from unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::int[]) with ordinality as v(hash, band0, band1, band2, band3, variant)
     on conflict (post_id, variant) do update
       set hash = excluded.hash, band0 = excluded.band0, band1 = excluded.band1, band2 = excluded.band2, band3 = excluded.band3, created_at = now()`,
    [postId, hashes.length, postId, sqlArray(hashes.map(toStoredHash)), ...[0, 1, 2, 3].map((band) => sqlArray(bands.map((values) => values[band]!)))],
  );
}

export interface HashMatch {
  postId: number;
  /** Bits that differ between the closest pair of hashes (0–MATCH_RADIUS). */
  distance: number;
}

/**
 * Posts with a hash within MATCH_RADIUS bits of any of `queryHashes`, closest first. Reads
 * candidates through the band indexes only (see the comment at the top).
 */
export async function findNearHashes(
  em: EntityManager,
  queryHashes: readonly bigint[],
  options: { excludePostId?: number; limit: number },
): Promise<HashMatch[]> {
  if (queryHashes.length === 0) return [];
  const { sql, params } = nearHashesStatement(queryHashes, options);
  const rows = await em.execute<Array<{ post_id: number; distance: string | number }>>(sql, params);
  return rows.map((row) => ({ postId: row.post_id, distance: Number(row.distance) }));
}

/** The statement behind findNearHashes, exposed so a test can EXPLAIN exactly what runs. */
export function nearHashesStatement(queryHashes: readonly bigint[], options: { excludePostId?: number; limit: number }): { sql: string; params: unknown[] } {
  const probes = [0, 1, 2, 3].map((band) => [...new Set(queryHashes.flatMap((hash) => bandNeighbours(bandsOf(hash)[band]!)))]);
  const sql = `select h.post_id, min(d.distance) as distance
       from post_image_hashes h
       cross join lateral (select min(bit_count((h.hash # q.hash)::bit(64))) as distance from unnest(?::bigint[]) as q(hash)) d
      where (h.band0 = any(?::int[]) or h.band1 = any(?::int[]) or h.band2 = any(?::int[]) or h.band3 = any(?::int[]))
        and d.distance <= ?
        and h.post_id <> ?
      group by h.post_id
      order by distance, h.post_id
      limit ?`;
  return { sql, params: [sqlArray(queryHashes.map(toStoredHash)), ...probes.map(sqlArray), MATCH_RADIUS, options.excludePostId ?? 0, options.limit] };
}
