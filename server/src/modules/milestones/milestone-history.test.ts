import { describe, expect, it } from 'vitest';
import { createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { recordMilestonesFromHistory } from './milestone-history.js';
import { useTestOrm } from '../../test-support/test-orm.js';

const env = useTestOrm();

const DAY_MS = 86_400_000;

describe('milestones from history', () => {
  it('records what each reading passed for posts, accounts and people, dated by that reading, silently', async () => {
    const em = env.orm.em.fork();
    const [t1, t2, t3] = [30, 20, 10].map((daysAgo) => new Date(Date.now() - daysAgo * DAY_MS));
    const person = await createUser(em);
    const account = await createAccount(em);
    const [a, b, hidden] = [await createPost(em, { account }), await createPost(em, { account }), await createPost(em, { account, isPrivate: true })];
    for (const post of [a!, b!]) await creditUser(em, post, person);
    await creditUser(em, hidden!, person);
    // views, likes per reading; the posts' own numbers are their latest readings.
    const readings: Array<[number, Date, number, number | null]> = [
      [a!.id, t1!, 500, 10],
      [a!.id, t2!, 1_500, 40],
      [a!.id, t3!, 12_000, 1_200],
      [b!.id, t1!, 800, null],
      [b!.id, t3!, 900, 20],
      [hidden!.id, t2!, 5_000, 5],
    ];
    for (const [postId, at, views, likes] of readings) {
      await em.execute(`insert into post_stats (post_id, views, likes, source, fetched_at) values (?, ?, ?, 'seed', ?)`, [postId, views, likes, at]);
    }

    const recorded = await em.transactional((tx) => recordMilestonesFromHistory(tx, [a!.id, b!.id, hidden!.id]));

    const rows = await em.execute<Array<{ subject_type: string; subject_id: number; type: string; threshold: string; value: string; reached_at: Date }>>(
      'select subject_type, subject_id, type, threshold, value, reached_at from milestones_reached order by subject_type, subject_id, type, threshold',
    );
    const got = rows.map((row) => [row.subject_type, row.subject_id, row.type, Number(row.threshold), Number(row.value), new Date(row.reached_at).getTime()]);
    expect(got).toEqual([
      // The account and the person add up the public posts only: 500 + 800 passes 1k at the first readings.
      ['account', account.id, 'likes', 1_000, 1_220, t3!.getTime()],
      ['account', account.id, 'views', 1_000, 1_300, t1!.getTime()],
      ['account', account.id, 'views', 10_000, 12_900, t3!.getTime()],
      ['post', a!.id, 'likes', 1_000, 1_200, t3!.getTime()],
      ['post', a!.id, 'views', 1_000, 1_500, t2!.getTime()],
      ['post', a!.id, 'views', 10_000, 12_000, t3!.getTime()],
      // A private post's own milestones count, as after a refresh.
      ['post', hidden!.id, 'views', 1_000, 5_000, t2!.getTime()],
      ['user', person.id, 'likes', 1_000, 1_220, t3!.getTime()],
      ['user', person.id, 'views', 1_000, 1_300, t1!.getTime()],
      ['user', person.id, 'views', 10_000, 12_900, t3!.getTime()],
    ]);
    expect(recorded).toBe(rows.length);
    const [announced] = await em.execute<Array<{ count: string }>>(`select count(*) from notifications where kind = 'milestone'`);
    expect(announced?.count).toBe('0');

    // Once recorded, a milestone stays as it was.
    expect(await em.transactional((tx) => recordMilestonesFromHistory(tx, [a!.id]))).toBe(0);
  });
});
