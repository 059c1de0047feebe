import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import { formatCount } from '../../../../domain/format.js';
import { MILESTONE_THRESHOLDS, MILESTONE_TYPES, milestonesCrossed, type MilestoneSubject, type MilestoneType } from '../../../../domain/milestones.js';
import { publicCreditSql } from '../credits/index.js';
import { notifyUser } from '../notifications/index.js';

export const MILESTONE_NOTIFICATION_KIND = 'milestone';

/** A post's numbers just before a refresh wrote new ones. */
export interface PostNumbersBefore {
  views: number | null;
  likes: number | null;
}

interface SubjectTotals {
  subjectType: MilestoneSubject;
  subjectId: number;
  after: Record<MilestoneType, number>;
  /** Who hears of this subject's milestones. */
  notify: number[];
  /** Words for the notification: "Your post", "@maya.makes", "Your credited posts". */
  label: string;
  link: string | null;
}

type TotalsRow = { id: number; views: string; likes: string; posts: string; handle?: string; username?: string; notify: number[] | null };

/** Public, live posts: what account and person totals add up (the profile's rule too). */
export const COUNTED_POST = `p.is_deleted = false and p.is_private = false and p.type <> ${PostType.Story}`;

/**
 * Milestones after a stats refresh of one post, inside the refresh's transaction.
 *
 * The post, its account and every person publicly credited on it get their totals read after the
 * write (account and person totals: sums over their public posts; a person's counts each post once
 * whatever their roles). Only this post's numbers changed, so each total's value before the
 * refresh is its value now minus the post's change. Every threshold at or below a total is
 * recorded in milestones_reached (so the profile lists them all), with
 * `insert … on conflict do nothing returning`: of two processes refreshing the same numbers at
 * once, the second waits on the unique key and inserts nothing, so only the first notifies.
 * A newly recorded milestone is announced when the refresh crossed it; thresholds already behind
 * a subject before this refresh (history from before milestones existed) are recorded silently.
 * Posts counts grow through credits, not refreshes, so a newly recorded posts milestone is
 * announced whenever a refresh first records it.
 */
export async function recordMilestonesAfterRefresh(tx: EntityManager, postId: number, before: PostNumbersBefore, now: Date): Promise<number> {
  const subjects = await readTotals(tx, postId);
  if (subjects.length === 0) return 0;
  const post = subjects.find((subject) => subject.subjectType === 'post');
  if (!post) return 0;
  const change = { views: post.after.views - (before.views ?? 0), likes: post.after.likes - (before.likes ?? 0), posts: 0 };
  const candidates = subjects.flatMap((subject) =>
    MILESTONE_TYPES.flatMap((type) =>
      MILESTONE_THRESHOLDS[type].filter((threshold) => threshold <= subject.after[type]).map((threshold) => ({ subject, type, threshold })),
    ),
  );
  if (candidates.length === 0) return 0;
  // One order for every process: two refreshes of different posts crediting the same people then
  // take the unique key's row locks in the same order and wait for each other instead of deadlocking.
  candidates.sort(
    (a, b) =>
      a.subject.subjectType.localeCompare(b.subject.subjectType) || a.subject.subjectId - b.subject.subjectId || a.type.localeCompare(b.type) || a.threshold - b.threshold,
  );
  const inserted = await tx.execute<Array<{ subject_type: MilestoneSubject; subject_id: number; type: MilestoneType; threshold: string }>>(
    `insert into milestones_reached (subject_type, subject_id, type, threshold, value, reached_at)
     select e.item->>'subject_type', (e.item->>'subject_id')::int, e.item->>'type', (e.item->>'threshold')::bigint, (e.item->>'value')::bigint, ?::timestamptz
       from jsonb_array_elements(?::jsonb) with ordinality as e(item, position)
      order by e.position
     on conflict (subject_type, subject_id, type, threshold) do nothing
     returning subject_type, subject_id, type, threshold`,
    [
      now.toISOString(),
      JSON.stringify(
        candidates.map((c) => ({ subject_type: c.subject.subjectType, subject_id: c.subject.subjectId, type: c.type, threshold: c.threshold, value: c.subject.after[c.type] })),
      ),
    ],
  );
  let notified = 0;
  for (const row of inserted) {
    const subject = subjects.find((s) => s.subjectType === row.subject_type && s.subjectId === row.subject_id)!;
    const threshold = Number(row.threshold);
    // Account and person rows exist only when the post counts toward them, so its whole change moved them.
    const crossed =
      row.type === 'posts' ||
      milestonesCrossed({ [row.type]: subject.after[row.type] - change[row.type] }, { [row.type]: subject.after[row.type] }).some((c) => c.threshold === threshold);
    if (!crossed) continue;
    for (const userId of subject.notify) {
      await notifyUser(tx, userId, { kind: MILESTONE_NOTIFICATION_KIND, message: milestoneMessage(subject, row.type, threshold), link: subject.link });
      notified++;
    }
  }
  return notified;
}

/**
 * The notification's words. A posts milestone counts different things per subject: a person's
 * credited posts ("You passed 10 credited posts.") but an account's own posts ("@maya passed 10
 * posts."), so it never says "credited" of an account's posts.
 */
export function milestoneMessage(subject: Pick<SubjectTotals, 'subjectType' | 'label'>, type: MilestoneType, threshold: number): string {
  const count = formatCount(threshold);
  if (type !== 'posts') return `${subject.label} passed ${count} ${type}.`;
  return subject.subjectType === 'user' ? `You passed ${count} credited posts.` : `${subject.label} passed ${count} posts.`;
}

/** The post, its account and its publicly credited people, with their totals now: one statement. */
async function readTotals(tx: EntityManager, postId: number): Promise<SubjectTotals[]> {
  const rows = await tx.execute<Array<TotalsRow & { kind: MilestoneSubject }>>(
    `with target as (select p.id, p.account_id, (${COUNTED_POST}) as counted from posts p where p.id = ?),
     credited as (select distinct c.user_id from credits c join target t on t.id = c.post_id where ${publicCreditSql('c')})
     select 'post' as kind, p.id, coalesce(p.views, 0)::text as views, coalesce(p.likes, 0)::text as likes, '0' as posts, null as handle, null as username,
            (select array_agg(user_id) from credited) as notify
       from posts p join target t on t.id = p.id
     union all
     select 'account', a.id, coalesce(sum(p.views), 0)::text, coalesce(sum(p.likes), 0)::text, count(p.id)::text, a.handle, null,
            case when a.owner_verified_at is not null then array[a.owner_id] end
       from target t join social_accounts a on a.id = t.account_id left join posts p on p.account_id = a.id and ${COUNTED_POST}
      where t.counted
      group by a.id
     union all
     select 'user', u.id, coalesce(sum(w.views), 0)::text, coalesce(sum(w.likes), 0)::text, count(w.id)::text, null, u.username, array[u.id]
       from target t cross join credited cr join users u on u.id = cr.user_id
       left join lateral (select distinct p.id, p.views, p.likes from credits c join posts p on p.id = c.post_id
                           where c.user_id = u.id and ${publicCreditSql('c')} and ${COUNTED_POST}) w on true
      where t.counted
      group by u.id`,
    [postId],
  );
  return rows.map((row) => ({
    subjectType: row.kind,
    subjectId: row.id,
    after: { views: Number(row.views), likes: Number(row.likes), posts: Number(row.posts) },
    notify: row.notify ?? [],
    label: row.kind === 'post' ? 'Your post' : row.kind === 'account' ? `@${row.handle}` : 'Your credited posts',
    link: row.kind === 'post' ? `/posts/${row.id}` : row.kind === 'user' ? `/${row.username}` : null,
  }));
}
