/**
 * What the scenarios ask about, picked from whatever data the database holds: public posts spread
 * over the whole table, profiles, tags to filter on, and a signed-in viewer with a real session
 * (as tests open one) and a page of notifications. Projects and jobs are seeded here
 * (bench-projects.ts, bench-jobs.ts) the first time, since the synthetic set has none.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ensureBenchJobs, type BenchJobs } from './bench-jobs.js';
import { ensureBenchProjects, type BenchProjects } from './bench-projects.js';
import { loadConfig } from '../server/src/config.js';
import { openSession, signSessionToken } from '../server/src/modules/auth/index.js';
import { benchViewerUsers } from './creator-viewers.js';

/** The server child signs and checks tokens with this (see server-process.ts). */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** Long enough for a 1,000,000-post run; the server still checks the session row. */
const TOKEN_TTL_SECONDS = 6 * 60 * 60;
const NOTIFICATIONS = 30;

export interface BenchFixtures {
  postIds: number[];
  usernames: string[];
  tagIds: number[];
  viewer: { id: number; username: string; token: string };
  /** Signed in as the member with 10,000 private posts, and as an admin (creator-viewers.ts). */
  otherViewers: { privatePosts: string; admin: string };
  projects: BenchProjects;
  jobs: BenchJobs;
}

export async function loadFixtures(em: EntityManager): Promise<BenchFixtures> {
  // A deterministic spread over the whole table, not just the newest.
  const posts = await em.execute<Array<{ id: number }>>(
    `select id from posts where not is_private and type <> 5 and not is_deleted and import_status = 'imported' order by hashint4(id) limit 1000`,
  );
  // People with public credits, so a profile has totals, roles and collaborators to add up.
  const people = await em.execute<Array<{ username: string }>>(
    `select u.username from users u where u.username is not null
        and exists (select 1 from credits c where c.user_id = u.id and c.status = 'accepted')
      order by hashint4(u.id) limit 200`,
  );
  const tags = await em.execute<Array<{ id: number }>>(`select t.id from tags t where exists (select 1 from post_tags pt where pt.tag_id = t.id) order by hashint4(t.id) limit 50`);
  // An ordinary member (no admin or other flags) who is credited somewhere.
  const [viewer] = await em.execute<Array<{ id: number; username: string }>>(
    `select u.id, u.username from users u where u.username is not null and u.role_flags = '{}'
        and exists (select 1 from credits c where c.user_id = u.id) order by u.id limit 1`,
  );
  if (!viewer || posts.length === 0) throw new Error('the database has no public posts or no credited member to sign in as');
  await ensureNotifications(em, viewer.id);
  const projects = await ensureBenchProjects(em, Number(viewer.id));
  const jobs = await ensureBenchJobs(em, Number(viewer.id));
  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: BENCH_JWT_SECRET, DATA_DIR: '/tmp' });
  const tokenFor = async (userId: number) => {
    const { session } = await openSession(em, config, { userId, userAgent: 'byline-bench' });
    return signSessionToken({ userId, masqueradingAdminId: null, sessionId: session.id }, BENCH_JWT_SECRET, TOKEN_TTL_SECONDS);
  };
  const token = await tokenFor(Number(viewer.id));
  const others = await benchViewerUsers(em);
  return {
    postIds: posts.map((row) => Number(row.id)),
    usernames: people.map((row) => row.username),
    tagIds: tags.map((row) => Number(row.id)),
    viewer: { id: Number(viewer.id), username: viewer.username, token },
    otherViewers: { privatePosts: await tokenFor(others.privatePosts.id), admin: await tokenFor(others.admin.id) },
    projects,
    jobs,
  };
}

/** A page and a half of notifications, two in three about a credit (the page shows those with Accept and Decline). */
async function ensureNotifications(em: EntityManager, userId: number): Promise<void> {
  const [row] = await em.execute<Array<{ n: string }>>('select count(*) as n from notifications where user_id = ?', [userId]);
  const missing = NOTIFICATIONS - Number(row?.n ?? 0);
  if (missing <= 0) return;
  await em.execute(
    `insert into notifications (user_id, kind, message, link, credit_id, status, created_at)
     select ?, case when c.id is null then 'post_imported' else 'credit_added' end,
            case when c.id is null then 'Your post was imported.' else 'You were credited on a post.' end,
            '/posts/' || coalesce(c.post_id, g), c.id, case when g % 3 = 0 then 'seen' else 'new' end,
            now() - make_interval(mins => g)
       from generate_series(1, ?) g
       left join lateral (select id, post_id from credits where user_id = ? and g % 3 <> 0 order by id offset g / 3 limit 1) c on true`,
    [userId, missing, userId],
  );
}
