/**
 * The history of a seeded post's numbers: readings over the last READING_DAYS days, as the stats
 * refresh would have taken them, so charts, milestones and the dashboard's "change since last
 * week" have something real to show (docs/product.md §Analytics and milestones).
 *
 * Each post's numbers follow one curve of its age: a first wave that rises fast and flattens
 * (some posts take off within hours, others over a week), a slow long tail, and for some posts a
 * later spike, as when a post is shared again. The curve only rises, so every count is
 * non-decreasing from one reading to the next, and it is scaled so the latest reading is exactly
 * the post's current numbers.
 */
import { STATS_REFRESH_OLD_POST_MS, STATS_REFRESH_TIERS } from '../../../domain/stats-refresh.js';
import type { Prng } from './prng.js';

export const READING_DAYS = 90;
/** The `source` of seeded readings in post_stats: not a network's, nor the refresh's. */
export const SEED_READING_SOURCE = 'seed';
const DAY_MS = 86_400_000;
/** Posts younger than this are refreshed at least daily (domain/stats-refresh.ts); older ones weekly. */
const DAILY_UNTIL_MS = STATS_REFRESH_TIERS.at(-1)!.maxAgeMs;
/** The refresh's pace for old posts, in days: the synthetic set's readings keep to it. */
export const OLD_POST_EVERY_DAYS = Math.round(STATS_REFRESH_OLD_POST_MS / DAY_MS);

export interface PostNumbers {
  /** Null where the network reports no views (pictures, text). */
  views: number | null;
  likes: number;
  comments: number;
  shares: number;
}

export interface Reading extends PostNumbers {
  at: Date;
}

export interface ReadingSchedule {
  /** How many days back the history goes (READING_DAYS unless a set asks fewer). */
  days?: number;
  /** Read a post over 30 days old only every this many days, as the refresh does (1: daily). */
  oldPostEveryDays?: number;
}

/**
 * When a post was read, oldest first: at `now` and every day before it, back `days` days or to
 * when it was posted, a post over 30 days old only every `oldPostEveryDays` days.
 */
export function readingTimes(postedAt: Date, now: Date, { days = READING_DAYS, oldPostEveryDays = 1 }: ReadingSchedule = {}): Date[] {
  const times: Date[] = [];
  for (let daysBack = days - 1; daysBack >= 0; daysBack--) {
    const at = now.getTime() - daysBack * DAY_MS;
    if (at < postedAt.getTime()) continue;
    if (daysBack % oldPostEveryDays !== 0 && at - postedAt.getTime() >= DAILY_UNTIL_MS) continue;
    times.push(new Date(at));
  }
  return times;
}

interface Spike {
  /** Age in days when it started. */
  at: number;
  size: number;
  days: number;
}

/** One post's growth: how far along its numbers are at `ageDays`, in arbitrary units, never falling. */
function growthCurve(prng: Prng, ageNowDays: number): (ageDays: number, speed: number) => number {
  const firstWaveDays = 0.3 + 6 * prng.next() ** 2;
  const tail = 0.02 + 0.2 * prng.next();
  const spikes: Spike[] = [];
  const spikeCount = prng.chance(0.45) ? (prng.chance(0.3) ? 2 : 1) : 0;
  for (let i = 0; i < 2; i++) {
    // Drawn whether used or not, so every post takes the same number of draws. Within the
    // readings' days, where a chart shows it.
    const spike = { at: ageNowDays - READING_DAYS * prng.next(), size: 0.05 + 0.45 * prng.next(), days: 0.3 + 2 * prng.next() };
    if (i < spikeCount && spike.at > 0) spikes.push(spike);
  }
  return (age, speed) => {
    let value = 1 - Math.exp(-age / (firstWaveDays * speed)) + tail * Math.log1p(age / 7);
    for (const spike of spikes) if (age > spike.at) value += spike.size * (1 - Math.exp(-(age - spike.at) / spike.days));
    return value;
  };
}

/** How quickly each number follows the views: likes come a little sooner, shares later. */
const SPEED = { views: 1, likes: 0.8, comments: 0.7, shares: 1.2 } as const;

/**
 * The post's numbers at each of `times` (oldest first, the last one now): `numbers` scaled down
 * by how far along the post's curve each time is, so the last reading is `numbers` exactly.
 */
export function planReadings(prng: Prng, postedAt: Date, numbers: PostNumbers, times: readonly Date[]): Reading[] {
  const last = times.at(-1);
  if (!last) return [];
  const ageDays = (at: Date) => Math.max(0, (at.getTime() - postedAt.getTime()) / DAY_MS);
  const curve = growthCurve(prng, ageDays(last));
  const scale = (count: number, at: Date, speed: number): number => {
    const end = curve(ageDays(last), speed);
    // The last reading is the count itself, not a division that might round below it.
    return at === last || end === 0 ? count : Math.floor((count * curve(ageDays(at), speed)) / end);
  };
  return times.map((at) => ({
    at,
    views: numbers.views === null ? null : scale(numbers.views, at, SPEED.views),
    likes: scale(numbers.likes, at, SPEED.likes),
    comments: scale(numbers.comments, at, SPEED.comments),
    shares: scale(numbers.shares, at, SPEED.shares),
  }));
}
