import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { InvalidInput, NotFound, Unauthenticated } from '../../errors/app-errors.js';
import type { Viewer } from '../users/index.js';
import { findOwnList } from '../lists/index.js';
import { findReadableProject } from '../projects/index.js';
import { mayViewProfile } from '../profiles/index.js';
import { findReadableReport } from '../teams/index.js';
import { User } from '../users/index.js';
import { subjectPostsSql, type SqlPart, type StatsSubject } from './analytics.sql.js';

/** At most this many points in one series: 400 days (a year and a month by day) or 400 weeks. */
export const MAX_SERIES_BUCKETS = 400;

export type StatsMetric = 'views' | 'likes' | 'posts';
export type StatsInterval = 'day' | 'week';

const INTERVAL_MS: Record<StatsInterval, number> = { day: 86_400_000, week: 7 * 86_400_000 };
const INTERVAL_SQL: Record<StatsInterval, string> = { day: '1 day', week: '7 days' };
/**
 * Buckets are UTC days, and weeks starting on Monday (ISO weeks, as GitHub's insights use):
 * date_bin against a Monday midnight UTC. One origin serves both.
 */
const BUCKET_ORIGIN = '2000-01-03T00:00:00Z';

export interface StatsPoint {
  start: Date;
  value: number;
}

export interface StatsSeriesResult {
  metric: StatsMetric;
  interval: StatsInterval;
  from: Date;
  to: Date;
  points: StatsPoint[];
  total: number;
  change: number;
  source: string | null;
  readAt: Date | null;
}

export interface StatsSeriesRequest {
  subject: StatsSubject;
  metric: StatsMetric;
  interval: StatsInterval;
  from: Date;
  to: Date;
}

/** Aggregated numbers come from several networks' posts, all read by Byline: named so (the brief's wording). */
export const MIXED_SOURCE = 'Byline import';

/** Start of the bucket holding `at` (same rule as the SQL's date_bin). */
export function bucketStart(at: Date, interval: StatsInterval): Date {
  const origin = Date.parse(BUCKET_ORIGIN);
  const size = INTERVAL_MS[interval];
  return new Date(origin + Math.floor((at.getTime() - origin) / size) * size);
}

function validateRange(request: StatsSeriesRequest): void {
  const { from, to, interval } = request;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new InvalidInput('Choose a valid date range.', { field: 'from' });
  if (from.getTime() > to.getTime()) throw new InvalidInput('The start of the range must be before its end.', { field: 'from' });
  const buckets = (bucketStart(to, interval).getTime() - bucketStart(from, interval).getTime()) / INTERVAL_MS[interval] + 1;
  if (buckets > MAX_SERIES_BUCKETS) {
    throw new InvalidInput(`A chart shows at most ${MAX_SERIES_BUCKETS} ${interval === 'day' ? 'days' : 'weeks'}; choose a shorter range${interval === 'day' ? ' or weeks' : ''}.`, { field: 'to' });
  }
}

/** Checks that the subject exists for the viewer: "not found" alike for missing and hidden. */
async function requireSubject(em: EntityManager, viewer: Viewer | null, subject: StatsSubject, posts: SqlPart): Promise<void> {
  if (subject.kind === 'list') {
    // A list is its owner's alone (list.policy.ts); findOwnList answers "not found" to anyone else.
    if (!viewer) throw new Unauthenticated();
    await findOwnList(em, viewer, subject.listId);
    return;
  }
  if (subject.kind === 'teamReport') {
    // The team's members, with the team's paid subscription (team-reports.service.ts).
    if (!viewer) throw new Unauthenticated();
    await findReadableReport(em, viewer, subject.teamReportId);
    return;
  }
  if (subject.kind === 'project') {
    // Whoever may read the project, signed out included for a public one (docs/product.md §Projects).
    await findReadableProject(em, viewer, subject.projectId);
    return;
  }
  if (subject.kind === 'post') {
    const [row] = await em.execute<Array<{ id: number }>>(`${posts.sql} limit 1`, posts.params);
    if (!row) throw new NotFound('Post not found');
    return;
  }
  if (subject.kind === 'user') {
    // The same answer as their profile page (profiles/profile.policy.ts).
    const user = await em.findOne(User, subject.userId);
    if (!user || !mayViewProfile(viewer, user)) throw new NotFound(MESSAGES.userNotFound);
    return;
  }
  const [row] = await em.execute<Array<{ id: number }>>('select id from social_accounts where id = ?', [subject.socialAccountId]);
  if (!row) throw new NotFound('That social account was not found.');
}

/**
 * The per-bucket change of the subject's numbers, with a running total, over buckets from one
 * before the range (the "carried in" baseline) to the bucket holding `to`. One statement.
 *
 * Views and likes: a post's number at the end of a bucket is its latest reading up to then —
 * carried forward across buckets with no reading, since a network's count stays what it was
 * last seen to be (a gap in refreshes is not a drop to zero). Summing many posts' carried values
 * for every bucket would cost posts × buckets; instead each post contributes only where its
 * number changed: its last reading per bucket minus its previous one (lag), so the running sum
 * over all posts' changes is exactly the sum of every post's carried-forward value. Each post's
 * value at the start is its one latest reading before the range (the baseline bucket, one probe
 * of post_stats (post_id, fetched_at desc) per post), so long histories are not read at all;
 * only readings inside the range are scanned.
 * Readings with no number for the metric (a network that does not report it) are skipped, so
 * the last known number carries on.
 *
 * Posts: how many of the subject's posts were posted in each bucket (posted_at, or when Byline
 * first stored it if the network gave no date); the running sum is how many existed by then.
 */
function seriesSql(metric: StatsMetric, posts: SqlPart): string {
  const bounds = `bounds as (
      select date_bin(?::interval, ?::timestamptz, ?::timestamptz) as first_start,
             date_bin(?::interval, ?::timestamptz, ?::timestamptz) as last_start,
             ?::interval as step, ?::timestamptz as origin)`;
  const changes =
    metric === 'posts'
      ? `changes as (
          select case when p.at < b.first_start then b.first_start - b.step else date_bin(b.step, p.at, b.origin) end as bucket, 1::bigint as delta
            from (select coalesce(p.posted_at, p.created_at) as at from subject join posts p on p.id = subject.id) p, bounds b
           where p.at < b.last_start + b.step)`
      : `readings as (
          select subject.id as post_id, b.first_start - b.step as bucket, last.value
            from subject cross join bounds b
            cross join lateral (select s.${metric} as value from post_stats s
                                 where s.post_id = subject.id and s.fetched_at < b.first_start and s.${metric} is not null
                                 order by s.fetched_at desc, s.id desc limit 1) last
          union all
          (select distinct on (s.post_id, date_bin(b.step, s.fetched_at, b.origin))
                  s.post_id, date_bin(b.step, s.fetched_at, b.origin), s.${metric}
             from post_stats s join subject on subject.id = s.post_id cross join bounds b
            where s.fetched_at >= b.first_start and s.fetched_at < b.last_start + b.step and s.${metric} is not null
            order by s.post_id, date_bin(b.step, s.fetched_at, b.origin), s.fetched_at desc, s.id desc)),
        changes as (
          select bucket, value - coalesce(lag(value) over (partition by post_id order by bucket), 0) as delta from readings)`;
  return `with subject as (${posts.sql}), ${bounds}, ${changes},
    per_bucket as (select bucket, sum(delta) as delta from changes group by bucket)
    select g.bucket as start, coalesce(pb.delta, 0)::text as delta,
           sum(coalesce(pb.delta, 0)) over (order by g.bucket)::text as running
      from bounds b cross join generate_series(b.first_start - b.step, b.last_start, b.step) as g(bucket)
      left join per_bucket pb on pb.bucket = g.bucket
     order by g.bucket`;
}

/**
 * Where the numbers came from and when they were last read within the range: the network's
 * name when all the subject's posts are on one network, "Byline import" when several; readAt is
 * the newest reading in the range (null when nothing was read in it).
 */
function provenanceSql(posts: SqlPart): string {
  return `with subject as (${posts.sql})
    select (select max(s.fetched_at) from post_stats s join subject on subject.id = s.post_id
             where s.fetched_at >= ?::timestamptz and s.fetched_at < ?::timestamptz) as read_at,
           (select array_agg(title) from (select distinct n.title from subject join posts p on p.id = subject.id
                                           join social_networks n on n.id = p.network_id limit 2) t) as networks`;
}

function toSafeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new InvalidInput('These numbers are too large to add up.', { field: 'subject' });
  return value;
}

export async function statsSeries(em: EntityManager, viewer: Viewer | null, request: StatsSeriesRequest): Promise<StatsSeriesResult> {
  validateRange(request);
  const posts = subjectPostsSql(request.subject, viewer);
  await requireSubject(em, viewer, request.subject, posts);
  const step = INTERVAL_SQL[request.interval];
  const boundsParams = [step, request.from.toISOString(), BUCKET_ORIGIN, step, request.to.toISOString(), BUCKET_ORIGIN, step, BUCKET_ORIGIN];
  const rows = await em.execute<Array<{ start: Date; delta: string; running: string }>>(seriesSql(request.metric, posts), [...posts.params, ...boundsParams]);
  const [baseline, ...inRange] = rows;
  const rangeEnd = new Date(bucketStart(request.to, request.interval).getTime() + INTERVAL_MS[request.interval]);
  const [provenance] = await em.execute<Array<{ read_at: Date | null; networks: string[] | null }>>(provenanceSql(posts), [
    ...posts.params,
    bucketStart(request.from, request.interval).toISOString(),
    rangeEnd.toISOString(),
  ]);
  const points = inRange.map((row) => ({
    start: new Date(row.start),
    value: toSafeNumber(request.metric === 'posts' ? row.delta : row.running),
  }));
  const start = toSafeNumber(baseline?.running ?? '0');
  const total = toSafeNumber(inRange.at(-1)?.running ?? '0');
  const networks = provenance?.networks ?? [];
  return {
    metric: request.metric,
    interval: request.interval,
    from: bucketStart(request.from, request.interval),
    to: rangeEnd,
    points,
    total,
    change: total - start,
    source: networks.length === 0 ? null : networks.length === 1 ? networks[0]! : MIXED_SOURCE,
    readAt: provenance?.read_at ? new Date(provenance.read_at) : null,
  };
}
