/**
 * How soon a post's numbers are fetched again. New posts move fast and get refreshed often;
 * old ones barely change, so they wait longer (this keeps the network requests proportional
 * to what users see changing).
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const STATS_REFRESH_TIERS: ReadonlyArray<{ maxAgeMs: number; everyMs: number }> = [
  { maxAgeMs: DAY_MS, everyMs: HOUR_MS },
  { maxAgeMs: 7 * DAY_MS, everyMs: 6 * HOUR_MS },
  { maxAgeMs: 30 * DAY_MS, everyMs: DAY_MS },
];
export const STATS_REFRESH_OLD_POST_MS = 7 * DAY_MS;

/** When to refresh next, given when the post was published (or imported, if unknown). */
export function nextStatsRefreshAt(publishedAt: Date, now: Date): Date {
  const age = Math.max(0, now.getTime() - publishedAt.getTime());
  const tier = STATS_REFRESH_TIERS.find((candidate) => age < candidate.maxAgeMs);
  return new Date(now.getTime() + (tier?.everyMs ?? STATS_REFRESH_OLD_POST_MS));
}
