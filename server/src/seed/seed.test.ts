import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGeohash } from '../../../domain/geohash.js';
import { recognizePostUrl } from '../../../domain/url-recognition.js';
import type { MikroORM } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { DEMO_MARKER_USERNAME, seedDemoData } from './demo-data.js';
import { DEMO_POST_COUNT, DEMO_SEED, planDemoData } from './demo-plan.js';
import { seedSyntheticData, syntheticProportions } from './synthetic-data.js';

let database: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url);
});

afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

type Counts = Record<'users' | 'accounts' | 'posts' | 'credits' | 'tags' | 'post_tags' | 'teams' | 'team_members' | 'notifications', number>;

async function tableCounts(): Promise<Counts> {
  const rows = await orm.em.fork().execute<Array<Record<keyof Counts, string>>>(`select
    (select count(*) from users) as users, (select count(*) from social_accounts) as accounts, (select count(*) from posts) as posts,
    (select count(*) from credits) as credits, (select count(*) from tags) as tags, (select count(*) from post_tags) as post_tags,
    (select count(*) from teams) as teams, (select count(*) from team_members) as team_members, (select count(*) from notifications) as notifications`);
  const row = rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Counts;
}

/** Every index and foreign key of the tables the synthetic seed loads, as PostgreSQL prints them. */
async function indexesAndForeignKeys(): Promise<string[]> {
  const tables = ['users', 'social_accounts', 'posts', 'credits', 'post_tags', 'post_stats', 'post_thumbnails', 'user_avatars'];
  const rows = await orm.em.fork().execute<Array<{ definition: string }>>(
    `select pg_get_indexdef(x.indexrelid) as definition from pg_index x where x.indrelid::regclass::text = any(?::text[])
     union all select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where contype = 'f' and conrelid::regclass::text = any(?::text[])
     order by 1`,
    [`{${tables.join(',')}}`, `{${tables.join(',')}}`],
  );
  return rows.map((row) => row.definition);
}

/** A small demo: every person, account and tag, fewer posts (drawing each post's picture takes a while). */
const SMALL_DEMO = { posts: 20 };

describe('demo plan', () => {
  it('is the same on every run, but for dates, which count back from when it is seeded', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const plan = planDemoData(DEMO_SEED, { now });
    expect(plan).toEqual(planDemoData(DEMO_SEED, { now }));
    expect(plan.posts).toHaveLength(DEMO_POST_COUNT);

    const later = planDemoData(DEMO_SEED, { now: new Date(now.getTime() + 40 * 86_400_000) });
    const shifted = (date: Date) => date.getTime() - 40 * 86_400_000;
    expect(later.posts.map((post) => ({ ...post, postedAt: shifted(post.postedAt), readings: post.readings.map((reading) => ({ ...reading, at: shifted(reading.at) })) }))).toEqual(
      plan.posts.map((post) => ({ ...post, postedAt: post.postedAt.getTime(), readings: post.readings.map((reading) => ({ ...reading, at: reading.at.getTime() })) })),
    );
    // A smaller demo's posts are the full one's first posts, exactly.
    const full = new Map(plan.posts.map((post) => [post.url, post]));
    const small = planDemoData(DEMO_SEED, { now, ...SMALL_DEMO }).posts;
    expect(small).toHaveLength(SMALL_DEMO.posts);
    for (const post of small) expect(post).toEqual(full.get(post.url));
  });

  it('has recent posts as well as old ones, each with a picture in a varied frame', () => {
    const now = new Date();
    const plan = planDemoData();
    const ages = plan.posts.map((post) => (now.getTime() - post.postedAt.getTime()) / 86_400_000);
    expect(ages.filter((age) => age < 7).length).toBeGreaterThan(2);
    expect(ages.filter((age) => age > 90).length).toBeGreaterThan(30);
    expect(new Set(plan.posts.map((post) => post.picture.kind)).size).toBe(5);
    expect(new Set(plan.posts.map((post) => post.picture.seed)).size).toBe(DEMO_POST_COUNT);
  });

  it('uses valid usernames, geohashes and post links in each network’s own shape', () => {
    const plan = planDemoData();
    for (const user of plan.users) {
      expect(user.username).toMatch(/^[A-Za-z0-9._]{1,29}$/);
      expect(isValidGeohash(user.locationGeohash)).toBe(true);
    }
    for (const post of plan.posts) {
      const recognized = recognizePostUrl(post.url);
      expect(recognized).toMatchObject({ ok: true, value: { networkId: post.networkId, externalId: post.externalId } });
      expect(plan.accounts[post.account]?.networkId).toBe(post.networkId);
      const keys = post.credits.map((credit) => `${credit.username}:${credit.roleId}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(new Set(plan.posts.map((post) => `${post.networkId}:${post.externalId}`)).size).toBe(plan.posts.length);
  });
});

describe('seeding', () => {
  it('adds the demo data once; a second run changes nothing', async () => {
    const before = await tableCounts();
    const first = await seedDemoData(orm.em.fork(), planDemoData(DEMO_SEED, SMALL_DEMO));
    expect(first.created).toBe(true);
    expect(first.users).toBeGreaterThanOrEqual(24);
    expect(first.posts).toBe(SMALL_DEMO.posts);
    expect(first.pictures).toBe(first.posts + first.users);
    expect(first.readings).toBeGreaterThan(first.posts);

    const after = await tableCounts();
    expect(after.users - before.users).toBe(first.users);
    expect(after.accounts - before.accounts).toBe(first.accounts);
    expect(after.posts - before.posts).toBe(SMALL_DEMO.posts);
    expect(after.credits - before.credits).toBe(first.credits);
    expect(after.post_tags - before.post_tags).toBe(first.postTags);
    expect(after.teams - before.teams).toBe(1);
    expect(after.team_members - before.team_members).toBe(first.teamMembers);
    expect(after.notifications - before.notifications).toBe(first.notifications);
    expect(first.notifications).toBeGreaterThan(0);

    const second = await seedDemoData(orm.em.fork());
    expect(second.created).toBe(false);
    expect(await tableCounts()).toEqual(after);
  });

  it('gives the demo data the shapes the app expects', async () => {
    const em = orm.em.fork();
    await seedDemoData(em, planDemoData(DEMO_SEED, SMALL_DEMO)); // idempotent: a no-op when the test above has run
    const [marker] = await em.execute<Array<{ user_type: number }>>('select user_type from users where username = ?', [DEMO_MARKER_USERNAME]);
    expect(marker).toBeDefined();
    const [team] = await em.execute<Array<{ status: string; plan: string; managers: string }>>(
      `select t.status, t.plan, (select count(*) from team_members m where m.team_id = t.id and m.role = 'manager') as managers from teams t`,
    );
    expect(team).toEqual({ status: 'active', plan: 'teams', managers: '1' });
    const [mismatched] = await em.execute<Array<{ count: string }>>('select count(*) from posts p join social_accounts a on a.id = p.account_id where a.network_id <> p.network_id');
    expect(mismatched?.count).toBe('0');
    const tagTypes = await em.execute<Array<{ tag_type_id: number }>>('select distinct t.tag_type_id from tags t join post_tags pt on pt.tag_id = t.id order by 1');
    expect(tagTypes.map((row) => row.tag_type_id)).toEqual([1, 2, 3, 4, 5, 44]);
  });

  it('adds a synthetic set of the size asked for, with everything else in proportion', async () => {
    const before = await tableCounts();
    const schemaBefore = await indexesAndForeignKeys();
    const result = await seedSyntheticData(orm.em.fork(), { posts: 500 });
    // The load drops secondary indexes and foreign keys and makes them again, exactly.
    expect(await indexesAndForeignKeys()).toEqual(schemaBefore);
    expect(result.phases.map((phase) => phase.name)).toEqual(expect.arrayContaining(['posts', 'credits', 'build indexes']));
    const size = syntheticProportions(500);
    expect(result).toMatchObject({ users: size.users, accounts: size.accounts, posts: 500, tags: size.tags });
    expect(result.credits).toBeGreaterThan(500);
    expect(result.postTags).toBeGreaterThan(500);

    const after = await tableCounts();
    expect(after.posts - before.posts).toBe(500);
    expect(after.users - before.users).toBe(size.users);
    expect(after.accounts - before.accounts).toBe(size.accounts);
    expect(after.credits - before.credits).toBe(result.credits);
    expect(after.post_tags - before.post_tags).toBe(result.postTags);

    const em = orm.em.fork();
    const posts = await em.execute<Array<{ network_id: number; external_id: string; url: string }>>('select network_id, external_id, url from posts order by id desc limit 500');
    for (const post of posts) {
      expect(recognizePostUrl(post.url)).toMatchObject({ ok: true, value: { networkId: post.network_id, externalId: post.external_id } });
    }

    // The search triggers are off during the bulk insert: the new rows are queued for the index in
    // bulk instead, and the triggers are back on afterwards.
    const queued = await em.execute<Array<{ kind: string; count: string }>>(
      `select o.kind, count(*) from search_outbox o where (o.kind = 'post' and o.entity_id in (select id from posts order by id desc limit 500))
          or (o.kind = 'user' and o.entity_id in (select id from users order by id desc limit ?)) group by o.kind order by o.kind`,
      [size.users],
    );
    expect(queued.map((row) => [row.kind, Number(row.count)])).toEqual([['post', 500], ['user', size.users]]);
    const disabled = await em.execute<Array<{ tgname: string }>>(`select tgname from pg_trigger where tgname like 'search\\_%' and tgenabled = 'D'`);
    expect(disabled).toEqual([]);

    // Every new post has a picture from the pool and a history ending on its numbers; every new person a picture.
    expect(result.pictures).toBe(500 + size.users);
    const [media] = await em.execute<Array<{ unpictured: string; pool: string; unread: string; falling: string; stale: string }>>(
      `with fresh as (select id from posts order by id desc limit 500),
       changes as (select s.post_id, s.views - lag(s.views) over w as views, s.likes - lag(s.likes) over w as likes,
                          s.comments - lag(s.comments) over w as comments, s.shares - lag(s.shares) over w as shares
                     from post_stats s join fresh f on f.id = s.post_id window w as (partition by s.post_id order by s.fetched_at))
       select (select count(*) from fresh f join posts p on p.id = f.id left join post_thumbnails t on t.post_id = f.id and t.width = 640
                where t.post_id is null or p.thumbnail_stored_at is null) as unpictured,
              (select count(distinct md5(t.bytes)) from fresh f join post_thumbnails t on t.post_id = f.id) as pool,
              (select count(*) from fresh f where not exists (select 1 from post_stats s where s.post_id = f.id)) as unread,
              (select count(*) from changes where views < 0 or likes < 0 or comments < 0 or shares < 0) as falling,
              (select count(*) from fresh f join posts p on p.id = f.id
                cross join lateral (select * from post_stats s where s.post_id = f.id order by s.fetched_at desc limit 1) last
                where (last.views, last.likes, last.comments, last.shares, last.fetched_at)
                      is distinct from (p.views, p.likes, p.comments, p.shares, p.stats_refreshed_at)) as stale`,
    );
    expect(media).toEqual({ unpictured: '0', pool: expect.any(String), unread: '0', falling: '0', stale: '0' });
    expect(Number(media!.pool)).toBeGreaterThan(10);
    const [unpicturedPeople] = await em.execute<Array<{ count: string }>>(
      `select count(*) from (select id, avatar_url from users order by id desc limit ?) u where u.avatar_url is null or not exists (select 1 from user_avatars a where a.user_id = u.id)`,
      [size.users],
    );
    expect(unpicturedPeople?.count).toBe('0');
  });

  it('adds another set when run again instead of colliding with the first', async () => {
    const before = await tableCounts();
    const again = await seedSyntheticData(orm.em.fork(), { posts: 500 });
    expect(again.posts).toBe(500);
    expect((await tableCounts()).posts - before.posts).toBe(500);
  });
});
