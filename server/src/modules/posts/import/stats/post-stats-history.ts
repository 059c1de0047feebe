import type { EntityManager } from '@mikro-orm/postgresql';
import type { ScrapedStats } from '../scraped-post.js';

/** One reading of a post's numbers, taken at `at`. */
export interface PostStatsReading extends ScrapedStats {
  postId: number;
  at: Date;
}

/** Readings per statement: about a megabyte of array text. */
const APPEND_CHUNK = 20_000;

const arrayItem = (value: number | null): string => (value === null ? 'NULL' : String(value));

/**
 * Appends readings taken earlier to posts' histories in bulk (the seed's 90 days of numbers):
 * the rows recordStats writes one at a time, here one statement per APPEND_CHUNK readings.
 * Only the history: the caller keeps each post's own numbers equal to its latest reading.
 */
export async function appendPostStats(tx: EntityManager, readings: readonly PostStatsReading[], source: string): Promise<void> {
  for (let start = 0; start < readings.length; start += APPEND_CHUNK) {
    const chunk = readings.slice(start, start + APPEND_CHUNK);
    // Numbers, NULL and ISO times need no quoting inside an array literal.
    const column = (value: (reading: PostStatsReading) => number | null) => `{${chunk.map((reading) => arrayItem(value(reading))).join(',')}}`;
    await tx.execute(
      `insert into post_stats (post_id, views, likes, comments, shares, source, fetched_at)
       select r.post_id, r.views, r.likes, r.comments, r.shares, ?, r.fetched_at
         from unnest(?::int[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::timestamptz[]) as r(post_id, views, likes, comments, shares, fetched_at)`,
      [
        source,
        column((reading) => reading.postId),
        column((reading) => reading.views),
        column((reading) => reading.likes),
        column((reading) => reading.comments),
        column((reading) => reading.shares),
        `{${chunk.map((reading) => reading.at.toISOString()).join(',')}}`,
      ],
    );
  }
}
