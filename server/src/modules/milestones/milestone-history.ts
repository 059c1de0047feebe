import type { EntityManager } from '@mikro-orm/postgresql';
import { MILESTONE_THRESHOLDS, MILESTONE_TYPES } from '../../../../domain/milestones.js';
import { publicCreditSql } from '../credits/index.js';
import { COUNTED_POST } from './milestone-check.js';

/**
 * Milestones that numbers already in post_stats passed, for `postIds` and for the accounts and
 * people their totals count toward: what recordMilestonesAfterRefresh would have recorded had it
 * run after each of those readings. For history written without refreshes (the demo seed), so
 * profiles show the milestones its numbers imply (docs/product.md §Analytics and milestones).
 *
 * Subjects and totals follow recordMilestonesAfterRefresh: a post counts toward its own
 * milestones always, toward its account's and its publicly credited people's only when it is
 * public work. A total at a moment is the running sum of its posts' changes up to then (each
 * reading minus the post's previous one; readings taken at the same moment count together), so
 * a post's latest reading stands until its next; each threshold is dated by the first moment
 * that crossed it, a posts threshold by when the post that crossed it was posted. Recorded silently, as history from before milestones were checked is: no notification.
 * One statement; returns how many milestones it recorded.
 */
export async function recordMilestonesFromHistory(tx: EntityManager, postIds: readonly number[]): Promise<number> {
  if (postIds.length === 0) return 0;
  const thresholds = MILESTONE_TYPES.flatMap((type) => MILESTONE_THRESHOLDS[type].map((threshold) => ({ type, threshold })));
  const result = await tx.execute<{ affectedRows: number }>(
    `with given as (select unnest(?::int[]) as id),
     counted as (select p.id, p.account_id, coalesce(p.posted_at, p.created_at) as at from posts p where ${COUNTED_POST}),
     members as (
       select 'post' as subject_type, g.id as subject_id, g.id as post_id from given g
       union all
       select 'account', c.account_id, c.id from counted c
        where c.account_id in (select c2.account_id from given g join counted c2 on c2.id = g.id)
       union all
       select distinct 'user', cr.user_id, c.id from credits cr join counted c on c.id = cr.post_id
        where ${publicCreditSql('cr')}
          and cr.user_id in (select cr2.user_id from given g join counted c2 on c2.id = g.id join credits cr2 on cr2.post_id = g.id where ${publicCreditSql('cr2')})),
     number_changes as (
       select s.post_id, s.fetched_at as at, n.type,
              n.value - coalesce(lag(n.value) over (partition by s.post_id, n.type order by s.fetched_at, s.id), 0) as delta
         from post_stats s cross join lateral (values ('views', s.views), ('likes', s.likes)) as n(type, value)
        where s.post_id in (select post_id from members) and n.value is not null),
     changes as (
       select c.subject_type, c.subject_id, c.type, c.at, sum(c.delta) as delta
         from (select m.subject_type, m.subject_id, c.type, c.at, c.delta from members m join number_changes c on c.post_id = m.post_id
               union all
               select m.subject_type, m.subject_id, 'posts', c.at, 1 from members m join counted c on c.id = m.post_id where m.subject_type <> 'post') c
        group by 1, 2, 3, 4),
     totals as (
       select subject_type, subject_id, type, at, delta,
              sum(delta) over (partition by subject_type, subject_id, type order by at rows unbounded preceding) as total
         from changes),
     thresholds as (select * from jsonb_to_recordset(?::jsonb) as t(type text, threshold bigint))
     insert into milestones_reached (subject_type, subject_id, type, threshold, value, reached_at)
     select distinct on (t.subject_type, t.subject_id, t.type, th.threshold) t.subject_type, t.subject_id, t.type, th.threshold, t.total, t.at
       -- Crossed at this moment: the total before it was below the threshold (domain milestonesCrossed).
       from totals t join thresholds th on th.type = t.type and t.total >= th.threshold and t.total - t.delta < th.threshold
      order by t.subject_type, t.subject_id, t.type, th.threshold, t.at
     on conflict (subject_type, subject_id, type, threshold) do nothing`,
    [`{${postIds.join(',')}}`, JSON.stringify(thresholds)],
    'run',
  );
  return result.affectedRows;
}
