/**
 * The creator search (`searchCreators`, in process, one call at a time: one connection) for the
 * four kinds of viewer whose totals come from different places: a signed-out visitor, a member,
 * a member with 10,000 posts only they may see, and an admin; each without words and with a very
 * common one ("maya"), then a member while more than 1,000 people are queued in the search outbox.
 * p50 and p95 of `--requests` calls per row. `npm run bench` prints these rows after its table;
 * `bench/explain-creators.ts --viewers` prints them alone.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType, RoleFlag } from '../domain/enums.js';
import type { MikroORM } from '../server/src/db/orm.js';
import { searchCreators, type CreatorSearchFilters } from '../server/src/modules/search/index.js';
import { User, type Viewer } from '../server/src/modules/users/index.js';
import { indexQueued } from './database.js';

const NONE: CreatorSearchFilters = { roleIds: [], geohash: null, listId: null, networkIds: [], minFollowers: null, maxFollowers: null, creditedWithinDays: null, text: null };
/** A first name about 3% of the synthetic set's people share. */
export const COMMON_WORD = 'maya';
const PRIVATE_POSTS = 10_000;
const QUEUED_PEOPLE = 2_000;
const PRIVATE_VIEWER = 'bench_private_viewer';
const ADMIN_VIEWER = 'bench_admin_viewer';

export interface CreatorViewerRow {
  viewer: string;
  words: string;
  people: number;
  p50Ms: number;
  p95Ms: number;
}

const viewerOf = (user: User): Viewer => ({ user, masqueradingAdminId: null, sessionId: null, plansOpen: false });

/** A user of the set's own, or one made for the bench once (kept for the next run). */
async function benchUser(em: EntityManager, username: string, roleFlags: number[]): Promise<User> {
  await em.execute(
    `insert into users (username, name, role_flags) select ?, ?, ?::smallint[] where not exists (select 1 from users where username = ?)`,
    [username, username.replaceAll('_', ' '), `{${roleFlags.join(',')}}`, username],
  );
  return em.findOneOrFail(User, { username });
}

/**
 * The member with 10,000 private posts, made once: posts of the set's accounts added by them,
 * each publicly crediting one of the set's people, so their private posts touch thousands of
 * portfolios (the credited people's and the accounts' verified owners').
 */
async function privatePostsViewer(em: EntityManager): Promise<User> {
  const user = await benchUser(em, PRIVATE_VIEWER, []);
  const [have] = await em.execute<Array<{ n: string }>>('select count(*) as n from posts where created_by_id = ? and is_private', [user.id]);
  const missing = PRIVATE_POSTS - Number(have?.n ?? 0);
  if (missing > 0) {
    await em.execute(
      `with accounts as (select id, network_id, row_number() over (order by id) as n from social_accounts),
            made as (insert into posts (network_id, external_id, account_id, url, type, is_private, views, import_status, created_by_id)
              select a.network_id, 'bench-private-' || ? || '-' || g, a.id, 'https://example.com/bench-private/' || g, ?, true, (g * 37) % 5000, 'imported', ?
              from generate_series(1, ?) g join accounts a on a.n = 1 + g % (select count(*) from accounts)
              returning id),
            people as (select id, row_number() over (order by id) as n from users where username is not null)
       insert into credits (post_id, user_id, role_id, status)
       select m.id, p.id, 1 + m.id % 5, 'accepted' from made m join people p on p.n = 1 + (m.id::bigint * 7919) % (select count(*) from people)`,
      [user.id, PostType.Image, user.id, missing],
    );
    await indexQueued(em, false);
    // Vacuumed as well as analyzed: 10,000 posts made at once are a fraction of a large table that
    // autovacuum waits for, and until their pages are marked all-visible every index-only read of
    // them goes to the table (81 of 190 ms of a search at 1,000,000 posts); a member who added
    // them over months has had them vacuumed long since.
    await em.execute('vacuum (analyze) posts, credits, creator_stats');
  }
  return user;
}

/** The bench's two viewers whose visibility differs most from a member's, made once: every path is also asked as them. */
export async function benchViewerUsers(em: EntityManager): Promise<{ privatePosts: User; admin: User }> {
  return { privatePosts: await privatePostsViewer(em), admin: await benchUser(em, ADMIN_VIEWER, [RoleFlag.admin]) };
}

async function timeCalls(em: EntityManager, viewer: Viewer | null, filters: CreatorSearchFilters, requests: number): Promise<{ people: number; p50Ms: number; p95Ms: number }> {
  const call = () => searchCreators(em.fork(), viewer, filters, { offset: 0, size: 24 });
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  let people = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    people = (await call()).items.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!);
  return { people, p50Ms: at(0.5), p95Ms: at(0.95) };
}

/** Every row, printed as it is measured. */
export async function measureCreatorViewers(orm: MikroORM, requests = 40): Promise<CreatorViewerRow[]> {
  const em = orm.em.fork();
  const [memberRow] = await em.execute<Array<{ id: number }>>(
    `select u.id from users u where u.username is not null and u.role_flags = '{}' and u.username not like 'bench\\_%'
       and not exists (select 1 from posts p where p.created_by_id = u.id and (p.is_private or p.type = ?)) order by u.id limit 1`,
    [PostType.Story],
  );
  const member = await em.findOneOrFail(User, { id: memberRow!.id });
  const viewers: Array<[string, Viewer | null]> = [
    ['signed out', null],
    ['member', viewerOf(member)],
    [`member with ${PRIVATE_POSTS.toLocaleString('en-US')} private posts`, viewerOf(await privatePostsViewer(em))],
    ['admin', viewerOf(await benchUser(em, ADMIN_VIEWER, [RoleFlag.admin]))],
  ];
  const rows: CreatorViewerRow[] = [];
  const measure = async (viewer: string, who: Viewer | null, words: string | null) => {
    const result = await timeCalls(orm.em, who, { ...NONE, text: words }, requests);
    const row = { viewer, words: words === null ? '—' : `"${words}"`, ...result };
    rows.push(row);
    console.log(`  ${row.viewer.padEnd(32)} ${row.words.padEnd(7)} ${String(row.people).padStart(3)} people  p50 ${String(row.p50Ms).padStart(5)} ms  p95 ${String(row.p95Ms).padStart(5)} ms`);
  };
  console.log(`\ncreator search by viewer (${requests} calls each, one at a time)`);
  for (const [name, viewer] of viewers) {
    for (const words of [null, COMMON_WORD]) await measure(name, viewer, words);
  }
  // The outbox lag corner: more than 1,000 people queued (after a migration or a reindex).
  const queued = await em.execute<Array<{ entity_id: number }>>(
    `insert into search_outbox (kind, entity_id) select 'user', id from users where username is not null order by id limit ? on conflict do nothing returning entity_id`,
    [QUEUED_PEOPLE],
  );
  try {
    for (const words of [null, COMMON_WORD]) await measure(`member, ${queued.length.toLocaleString('en-US')} people queued`, viewers[1]![1], words);
  } finally {
    await indexQueued(em, false);
  }
  return rows;
}
