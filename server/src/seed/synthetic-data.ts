/**
 * `npm run seed -- --size N`: a large synthetic data set for benchmarks, written with a handful of
 * set-based `INSERT … SELECT FROM generate_series` statements in one transaction (100k posts in
 * seconds, where one flush per row would take many minutes), then pictures and readings in bulk
 * (synthetic-media.ts). Content is deterministic: every "random" choice is a hash of the row
 * number and a seed (PostgreSQL's `hashint8`, or the seed's Prng for pictures and readings).
 *
 * Rows get ids from their sequences up front, and usernames, handles and external ids are built
 * from those ids, so running it again adds another set instead of colliding with the first.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { encodeGeohash } from '../../../domain/geohash.js';
import { CAMPAIGNS, CAPTIONS, CITIES, PRODUCTS } from './demo-content.js';
import { deferIndexes } from './deferred-indexes.js';
import { renderSyntheticPictures, seedSyntheticMedia } from './synthetic-media.js';
import { CURRENT_TERMS } from '../../../domain/terms.js';

export interface SyntheticSeedOptions {
  /** How many posts; users, accounts, credits and tags follow in proportion. */
  posts: number;
  /** Changes every generated choice; the same seed gives the same data. */
  seed?: number;
}

export interface SyntheticSeedResult {
  users: number;
  accounts: number;
  posts: number;
  credits: number;
  tags: number;
  postTags: number;
  /** Posts' and people's pictures stored (drawn once into a small pool, synthetic-media.ts). */
  pictures: number;
  readings: number;
  /** Where the time went, step by step (`npm run seed` prints it). */
  phases: SeedPhase[];
  elapsedMs: number;
}

export interface SeedPhase {
  name: string;
  ms: number;
}

export function syntheticProportions(posts: number): { users: number; accounts: number; tags: number } {
  return { users: Math.max(10, Math.round(posts / 10)), accounts: Math.max(5, Math.round(posts / 5)), tags: Math.max(20, Math.round(posts / 50)) };
}

const FIRST_NAMES = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Omar', 'Lena', 'Kai', 'Nina', 'Leo', 'Aisha', 'Mateo', 'Yuna', 'Ivan', 'Sara', 'Elif', 'Tariq', 'Chloe', 'Diego', 'Hana', 'Rosa', 'Felix', 'Amara', 'Jonas', 'Priya', 'Ravi', 'Ines', 'Theo', 'Mila', 'Sven'];
const LAST_NAMES = ['Okafor', 'Moreau', 'Ramirez', 'Watanabe', 'Nwosu', 'Lindqvist', 'Sharma', 'Alvarez', 'Kim', 'Bennett', 'Dubois', 'Oliveira', 'Dlamini', 'Walker', 'Thompson', 'Kamau', 'Fischer', 'Rossi', 'Bello', 'Hughes', 'Torres', 'Sato', 'Carter', 'Costa', 'Liu', 'Novak', 'Haddad', 'Larsen', 'Silva', 'Mensah'];
const BRAND_WORDS = ['Northwind', 'Lumen', 'Atlas', 'Kiko', 'Verde', 'Polar', 'Sunday', 'Orbit', 'Marigold', 'Cedar', 'Harbor', 'Nova', 'Juniper', 'Ember', 'Saffron', 'Tandem', 'Meridian', 'Basalt', 'Willow', 'Copper'];
const BRAND_KINDS = ['Studio', 'Pictures', 'Co', 'Agency', 'Records', 'Labs', 'Coffee', 'Outdoor', 'Beauty', 'Mobile'];
const TAG_FIRST = ['golden', 'urban', 'slow', 'bold', 'quiet', 'neon', 'vintage', 'wild', 'coastal', 'analog', 'minimal', 'late night', 'summer', 'winter', 'handmade', 'electric', 'soft', 'raw', 'north', 'tiny'];
const TAG_SECOND = ['light', 'portraits', 'motion', 'fashion', 'food', 'travel', 'sports', 'beauty', 'music', 'documentary', 'animation', 'interiors', 'streetwear', 'skate', 'coffee', 'cars', 'dance', 'nature', 'product', 'cinema'];
const DISTRICTS = ['Downtown', 'Old Town', 'Harbourfront', 'Riverside', 'Eastside', 'Westside', 'Midtown', 'Arts District', 'Market Quarter', 'University Hill'];
/** Event 1, client 2, creator 3, tag 5 (most), location 44; filetype 4 has a fixed handful, left to the demo set. */
const TAG_TYPES = [5, 5, 5, 5, 5, 2, 2, 1, 3, 44];
/** Posting networks, weighted: TikTok, Instagram and YouTube carry most posts. */
const ACCOUNT_NETWORKS = [5, 5, 5, 5, 2, 2, 2, 2, 4, 4, 4, 1, 1, 3, 8, 9];

/** The search outbox's row triggers (migration SearchIndex), by table. */
const SEARCH_TRIGGERS: ReadonlyArray<[string, string]> = [
  ['users', 'search_users_changed'],
  ['social_accounts', 'search_accounts_changed'],
  ['tags', 'search_tags_changed'],
  ['posts', 'search_posts_changed'],
  ['post_tags', 'search_post_tags_changed'],
  ['credits', 'search_credits_changed'],
];

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function textArray(values: readonly string[]): string {
  return `(array[${values.map(literal).join(',')}]::text[])`;
}

function intArray(values: readonly number[]): string {
  return `(array[${values.map((value) => String(Math.trunc(value))).join(',')}]::int[])`;
}

export async function seedSyntheticData(em: EntityManager, options: SyntheticSeedOptions): Promise<SyntheticSeedResult> {
  const started = performance.now();
  const postCount = options.posts;
  if (!Number.isInteger(postCount) || postCount < 1) throw new Error('the number of posts must be a whole number of at least 1');
  const seed = Math.trunc(options.seed ?? 1);
  const salt = seed * 7_919;
  // Drawn while PostgreSQL writes the rows below; awaited when the posts exist.
  const picturesDrawn = renderSyntheticPictures(seed);
  picturesDrawn.catch(() => undefined);
  const size = syntheticProportions(postCount);

  /** A deterministic non-negative int from a row number and a salt. */
  const hash = (expression: string, n: number) => `(hashint8((${expression})::bigint * 1000003 + ${salt + n}) & 2147483647)`;
  const pick = (array: string, length: number, expression: string, n: number) => `${array}[1 + ${hash(expression, n)} % ${length}]`;
  /** A float in [0, 1). */
  const unit = (expression: string, n: number) => `(${hash(expression, n)}::float8 / 2147483648.0)`;
  const geohashes = textArray(Object.values(CITIES).map((city) => encodeGeohash(city.lat, city.lon, 7)));
  const cityNames = textArray(Object.values(CITIES).map((city) => city.name));
  const cityCount = Object.keys(CITIES).length;

  type Statement = [keyof Omit<SyntheticSeedResult, 'elapsedMs' | 'phases' | 'pictures' | 'readings'> | null, string];
  const statements: Statement[] = [
    // The search index's row triggers would queue every row one by one (and look up each new
    // post's tags and credits): at 1,000,000 posts they cost more than the inserts themselves.
    // They are off inside this transaction only, and everything new is queued in bulk at the end.
    ...SEARCH_TRIGGERS.map(([table, trigger]): [null, string] => [null, `alter table "${table}" disable trigger "${trigger}"`]),
    [null, 'create temp table seed_users (n int primary key, id int not null) on commit drop'],
    [null, 'create temp table seed_accounts (n int primary key, id int not null, network_id smallint not null, handle text not null, display_name text not null, owner_id int) on commit drop'],
    [null, 'create temp table seed_posts (n int primary key, id int not null) on commit drop'],
    [null, 'create temp table seed_tags (n int primary key, id int not null) on commit drop'],
    [
      'users',
      `with src as (
         select nextval('users_id_seq')::int as id, g, ${hash('g', 1)} % 100 < 15 as is_company,
                ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 'g', 2)} as first, ${pick(textArray(LAST_NAMES), LAST_NAMES.length, 'g', 3)} as last,
                ${pick(textArray(BRAND_WORDS), BRAND_WORDS.length, 'g', 4)} as brand, ${pick(textArray(BRAND_KINDS), BRAND_KINDS.length, 'g', 5)} as kind
           from generate_series(0, ${size.users - 1}) g),
       ins as (
         insert into users (id, username, email, name, user_type, role_flags, terms_acknowledged_at, terms_version, location_geohash, created_at, updated_at)
         select id, handle || id, handle || id || '@example.test',
                case when is_company then brand || ' ' || kind else first || ' ' || last end,
                case when is_company then 1 else 2 end,
                (case when ${hash('g', 6)} % 1000 = 0 then '{2}' when ${hash('g', 6)} % 100 < 8 then '{3}' when ${hash('g', 6)} % 100 < 10 then '{1,3}' else '{}' end)::smallint[],
                now(), '${CURRENT_TERMS.id}', case when ${hash('g', 7)} % 5 = 0 then null else ${pick(geohashes, cityCount, 'g', 8)} end,
                now() - make_interval(days => ${hash('g', 9)} % 1000), now()
           from (select *, lower(case when is_company then brand || '.' || kind else first || '.' || last end) || '.' as handle from src) s
         on conflict do nothing
         returning id)
       insert into seed_users select row_number() over (order by id) - 1, id from ins`,
    ],
    [
      'accounts',
      `with src as (
         select nextval('social_accounts_id_seq')::int as id, g, ${pick(intArray(ACCOUNT_NETWORKS), ACCOUNT_NETWORKS.length, 'g', 11)}::smallint as network_id,
                ${pick(textArray(BRAND_WORDS), BRAND_WORDS.length, 'g', 12)} as word, ${pick(textArray(TAG_SECOND), TAG_SECOND.length, 'g', 13)} as topic,
                case when ${hash('g', 14)} % 10 < 3 then (select u.id from seed_users u where u.n = ${hash('g', 15)} % (select count(*) from seed_users)) end as owner_id
           from generate_series(0, ${size.accounts - 1}) g),
       ins as (
         insert into social_accounts (id, network_id, handle, display_name, owner_id, created_at)
         select id, network_id, lower(word) || '_' || replace(topic, ' ', '') || id, word || ' ' || initcap(topic), owner_id, now() from src
         on conflict do nothing
         returning id, network_id, handle, display_name, owner_id)
       insert into seed_accounts select row_number() over (order by id) - 1, id, network_id, handle, display_name, owner_id from ins`,
    ],
    [null, 'analyze seed_users, seed_accounts'],
    ['posts', postsSql(postCount, { hash, pick, unit, cityNames, cityCount })],
    [null, 'analyze seed_posts'],
    [
      'credits',
      `insert into credits (post_id, user_id, role_id, status, created_at)
       select p.id, u.id, 1 + ${hash('p.n * 3 + k', 31)} % 17, 'accepted', now()
         from seed_posts p cross join generate_series(0, 2) k
         join seed_users u on u.n = ${hash('p.n * 3 + k', 32)} % (select count(*) from seed_users)
        where k = 0 or ${hash('p.n * 3 + k', 33)} % 100 < case k when 1 then 70 else 30 end
       on conflict do nothing`,
    ],
    [
      'tags',
      `insert into tags (tag_type_id, name, created_at)
       select type,
              case when type = 44
                then ${textArray(DISTRICTS)}[1 + g % ${DISTRICTS.length}] || ', ' || ${cityNames}[1 + (g / ${DISTRICTS.length}) % ${cityCount}]
                     || case when g >= ${DISTRICTS.length * cityCount} then ' ' || (g / ${DISTRICTS.length * cityCount})::text else '' end
                else ${textArray(TAG_FIRST)}[1 + g % ${TAG_FIRST.length}] || ' ' || ${textArray(TAG_SECOND)}[1 + (g / ${TAG_FIRST.length}) % ${TAG_SECOND.length}]
                     || case when g >= ${TAG_FIRST.length * TAG_SECOND.length} then ' ' || (g / ${TAG_FIRST.length * TAG_SECOND.length})::text else '' end
              end,
              now()
         from (select g, ${pick(intArray(TAG_TYPES), TAG_TYPES.length, 'g', 41)}::smallint as type from generate_series(0, ${size.tags - 1}) g) s
       on conflict do nothing`,
    ],
    // Posts are tagged from every tag there is, including ones an earlier run or the demo set made.
    [null, 'insert into seed_tags select row_number() over (order by id) - 1, id from tags'],
    [
      'postTags',
      `insert into post_tags (post_id, tag_id)
       select p.id, t.id
         from seed_posts p cross join generate_series(0, 3) k
         join seed_tags t on t.n = ${hash('p.n * 4 + k', 51)} % (select count(*) from seed_tags)
        where k = 0 or ${hash('p.n * 4 + k', 52)} % 100 < case k when 1 then 60 when 2 then 30 else 10 end
       on conflict do nothing`,
    ],
  ];
  const closing: Statement[] = [
    ...SEARCH_TRIGGERS.map(([table, trigger]): [null, string] => [null, `alter table "${table}" enable trigger "${trigger}"`]),
    // What the triggers would have queued: the new rows, every tag (their post counts changed) and
    // every role; the queue job (or the caller) drains it into the index.
    [
      null,
      `insert into search_outbox (kind, entity_id)
       select 'user', id from seed_users union all select 'account', id from seed_accounts union all select 'post', id from seed_posts
       union all select 'tag', id from seed_tags union all select 'role', id::int from credit_roles
       on conflict do nothing`,
    ],
    [null, `select pg_notify('byline_events', '{"topic":"search-outbox","payload":null}')`],
  ];

  const counts = { users: 0, accounts: 0, posts: 0, credits: 0, tags: 0, postTags: 0, pictures: 0, readings: 0 };
  const phases: SeedPhase[] = [];
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const phaseStarted = performance.now();
    const result = await work();
    phases.push({ name, ms: Math.round(performance.now() - phaseStarted) });
    return result;
  };
  await em.transactional(async (tx) => {
    const run = async ([key, sql]: Statement) => {
      const result = await tx.execute<{ affectedRows: number }>(sql, [], 'run');
      if (key) counts[key] = result.affectedRows;
    };
    // Index builds sort in memory up to this much (the server's default is 64 MB), this transaction only.
    await tx.execute(`select set_config('maintenance_work_mem', '256MB', true)`);
    const rebuildIndexes = await timed('drop indexes', () =>
      deferIndexes(tx, [
        { table: 'users', adding: size.users },
        { table: 'social_accounts', adding: size.accounts },
        { table: 'posts', adding: postCount },
        { table: 'credits', adding: postCount },
        { table: 'post_tags', adding: postCount },
        { table: 'post_stats', adding: postCount },
        { table: 'post_thumbnails', adding: postCount },
        { table: 'user_avatars', adding: size.users },
      ]),
    );
    for (const statement of statements) await timed(statement[0] ?? 'setup', () => run(statement));
    const drawn = await timed('wait for pictures', () => picturesDrawn);
    // With the search triggers still off: the pictures' and people's rows change again.
    const media = await seedSyntheticMedia(tx, drawn, seed);
    phases.push(...media.phases);
    Object.assign(counts, { pictures: media.pictures, readings: media.readings });
    await timed('build indexes', rebuildIndexes);
    for (const statement of closing) await timed('search outbox', () => run(statement));
  });
  // Fresh statistics, so the planner knows the tables are big before the first query.
  await timed('analyze', () => em.execute('analyze users, social_accounts, posts, credits, tags, post_tags, post_stats, post_thumbnails, user_avatars'));
  return { ...counts, phases: mergePhases(phases), elapsedMs: Math.round(performance.now() - started) };
}

/** Phases of the same name (the setup statements, the outbox's) added up, in first-seen order. */
function mergePhases(phases: readonly SeedPhase[]): SeedPhase[] {
  const merged = new Map<string, number>();
  for (const { name, ms } of phases) merged.set(name, (merged.get(name) ?? 0) + ms);
  return [...merged].map(([name, ms]) => ({ name, ms }));
}

interface SqlHelpers {
  hash: (expression: string, n: number) => string;
  pick: (array: string, length: number, expression: string, n: number) => string;
  unit: (expression: string, n: number) => string;
  cityNames: string;
  cityCount: number;
}

/** Each post gets an external id and a link in its network's real shape, built from its id. */
function postsSql(postCount: number, { hash, pick, unit, cityNames, cityCount }: SqlHelpers): string {
  const caption = `replace(replace(replace(replace(${pick(textArray(CAPTIONS), CAPTIONS.length, 'g', 21)},
      '{campaign}', campaign), '{product}', ${pick(textArray(PRODUCTS), PRODUCTS.length, 'g', 22)}), '{brand}', display_name), '{city}', ${pick(cityNames, cityCount, 'g', 23)})`;
  return `with src as (
     select nextval('posts_id_seq')::bigint as id, g, a.id as account_id, a.network_id, a.handle, a.display_name,
            coalesce(a.owner_id, (select u.id from seed_users u where u.n = ${hash('g', 24)} % (select count(*) from seed_users))) as created_by_id,
            ${pick(textArray(CAMPAIGNS), CAMPAIGNS.length, 'g', 25)} as campaign, ${hash('g', 26)} % 100 as roll,
            now() - make_interval(days => ${hash('g', 27)} % 1095, mins => ${hash('g', 28)} % 1440) as posted_at
       from generate_series(0, ${postCount - 1}) g
       join seed_accounts a on a.n = ${hash('g', 20)} % (select count(*) from seed_accounts)),
   typed as (
     select *, case
         when network_id in (4, 5, 9) then 1
         when network_id = 2 then case when roll < 1 then 5 when roll < 45 then 1 else 3 end
         when network_id = 1 then case when roll < 40 then 4 when roll < 70 then 3 when roll < 90 then 1 else 2 end
         when network_id = 8 then case when roll < 50 then 4 when roll < 80 then 3 else 1 end
         else case when roll < 50 then 1 else 3 end end as type
       from src),
   shaped as (
     select *, case network_id
         when 1 then (1700000000000000000 + id)::text
         when 2 then 'C' || substr(md5(id::text), 1, 8) || to_hex(id)
         when 3 then (100000000000000 + id)::text
         when 4 then substr(md5(id::text), 1, 3) || lpad(to_hex(id), 8, '0')
         when 5 then (7300000000000000000 + id)::text
         when 8 then (7100000000000000000 + id)::text
         else (2000000000 + id)::text end as external_id,
       (power(${unit('g', 29)}, 4) * 5000000)::bigint + 100 as reach
       from typed),
   ins as (
     insert into posts (id, network_id, external_id, account_id, url, caption, type, is_private, posted_at, views, likes, comments, shares,
                        stats_refreshed_at, thumbnail_stored_at, import_status, created_by_id, created_at, updated_at)
     select id, network_id, external_id, account_id,
            case network_id
              when 1 then 'https://x.com/' || handle || '/status/' || external_id
              when 2 then 'https://www.instagram.com/' || case when type = 1 then 'reel' else 'p' end || '/' || external_id || '/'
              when 3 then case when type = 1 then 'https://www.facebook.com/watch/?v=' || external_id else 'https://www.facebook.com/' || handle || '/posts/' || external_id end
              when 4 then 'https://www.youtube.com/watch?v=' || external_id
              when 5 then 'https://www.tiktok.com/@' || handle || '/video/' || external_id
              when 8 then 'https://www.linkedin.com/posts/' || replace(handle, '_', '-') || '_' || lower(regexp_replace(campaign, '[^A-Za-z0-9]+', '-', 'g')) || '-activity-' || external_id || '-' || substr(md5(external_id), 1, 4) || '/'
              else 'https://www.twitch.tv/videos/' || external_id end,
            ${caption}, type, type <> 5 and roll >= 97, posted_at,
            case when type in (3, 4) then null else reach end,
            (reach * (0.02 + 0.07 * ${unit('g', 30)}))::bigint,
            (reach * 0.001 * ${unit('g', 31)})::bigint,
            (reach * 0.005 * ${unit('g', 32)})::bigint,
            -- Read now, to the millisecond the readings' times have (synthetic-media.ts); the pictures are
            -- stored further on in this transaction.
            date_trunc('milliseconds', now()), now(), 'imported', created_by_id, posted_at + interval '5 minutes', now()
       from shaped
     on conflict do nothing
     returning id)
   insert into seed_posts select row_number() over (order by id) - 1, id from ins`;
}
