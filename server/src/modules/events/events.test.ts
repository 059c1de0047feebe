import { graphql as executeGraphQL } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { EVENT_MESSAGES, POST_EVENTS_MAX } from '../../../../domain/events.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { ROUTE_PRELOADS_FILE } from '../../http/route-preloads.js';
import { createLogger } from '../../logger.js';
import { buildAppSchema } from '../../registry.js';
import { viteIndexHtml, writeBuiltClient } from '../../test-support/built-client.js';
import { buildPost, createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';

// The top-level routes as client/build/routePreloads.ts writes them, ranked as the router ranks them.
const TABLE = {
  routes: [
    { path: '/:username', pattern: '^\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '*', pattern: '^(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
  ],
};
const client = writeBuiltClient({ 'index.html': viteIndexHtml(['<meta name="description" content="Byline" />']), [ROUTE_PRELOADS_FILE]: JSON.stringify(TABLE) });
const env = useTestServer({ clientDistDir: client.dir, publicUrl: 'https://byline.example', env: 'production' });
const log = useQueryLog(env);
afterAll(() => client.remove());

const CREATE = `mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id databaseId slug name startsOn endsOn placeName placeGeohash coverUrl } } }`;
const UPDATE = `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id slug name placeName } } }`;
const ADD = `mutation($input: AddPostEventInput!) { addPostEvent(input: $input) { post { id events { slug } } } }`;
const REMOVE = `mutation($input: RemovePostEventInput!) { removePostEvent(input: $input) { post { id events { slug } } } }`;
const EVENT_PAGE = `query($slug: String!, $first: Int!) { event(slug: $slug) { id name slug startsOn endsOn placeName coverUrl
  people { id username name avatarUrl }
  posts(first: $first) { pageInfo { hasNextPage endCursor } nodes { id caption thumbnailUrl network { id title } account { id handle } credits(first: 3) { totalCount nodes { id status role { id name emoji } user { id username name avatarUrl } } } } } } }`;

function askAs(userId: number | null, query: string, variables: Record<string, unknown>): Promise<GraphQLResponse> {
  return graphql(env.server, query, { token: userId === null ? undefined : env.server.tokenFor(userId), variables });
}

const codeOf = (answer: GraphQLResponse) => answer.body.errors?.[0]?.extensions?.code;
let slugs = 0;
const nextSlug = () => `summit-${Date.now().toString(36)}-${++slugs}`;

async function admin() {
  return createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
}

async function newEvent(adminId: number, overrides: Record<string, unknown> = {}) {
  const input = { name: `Summit ${nextSlug()}`, slug: nextSlug(), startsOn: '2026-06-10', endsOn: '2026-06-12', place: { name: 'Lisbon, Portugal', geohash: 'eycs21' }, ...overrides };
  const answer = await askAs(adminId, CREATE, { input });
  expect(answer.body.errors).toBeUndefined();
  return (answer.body.data as { createEvent: { event: { id: string; databaseId: number; slug: string; name: string } } }).createEvent.event;
}

describe('creating and editing events (docs/product.md §Events)', () => {
  it('lets admins create and edit an event, with its tag of type event, and audits both', async () => {
    const boss = await admin();
    const event = await newEvent(boss.id, { slug: 'Design-Week-27', name: 'Design Week 27' });
    expect(event).toMatchObject({ slug: 'design-week-27', name: 'Design Week 27' });
    const [tag] = await queryRows<{ tag_type_id: number; name: string }>(env.database.url, 'select t.tag_type_id, t.name from events e join tags t on t.id = e.tag_id where e.id = $1', [event.databaseId]);
    expect(tag).toEqual({ tag_type_id: 1, name: 'Design Week 27' });
    const updated = await askAs(boss.id, UPDATE, { input: { id: event.id, name: 'Design Week 2027', place: null } });
    expect(updated.body.data).toEqual({ updateEvent: { event: { id: event.id, slug: 'design-week-27', name: 'Design Week 2027', placeName: null } } });
    const audits = await queryRows<{ action: string }>(env.database.url, `select action from audit_logs where target = 'events' and target_id = $1 order by id`, [String(event.databaseId)]);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('answers everyone but admins "not found", signed out too', async () => {
    const person = await createUser(env.server.orm.em.fork());
    const input = { name: 'Not mine', slug: nextSlug(), startsOn: '2026-06-10', endsOn: '2026-06-12' };
    expect(codeOf(await askAs(person.id, CREATE, { input }))).toBe('NOT_FOUND');
    expect(codeOf(await askAs(null, CREATE, { input }))).toBe('NOT_FOUND');
    const event = await newEvent((await admin()).id);
    expect(codeOf(await askAs(person.id, UPDATE, { input: { id: event.id, name: 'Taken over' } }))).toBe('NOT_FOUND');
  });

  it('refuses a slug a user holds, a reserved one, and dates out of order; a user cannot take an event’s slug', async () => {
    const boss = await admin();
    const holder = await createUser(env.server.orm.em.fork());
    const base = { name: 'Clash', startsOn: '2026-06-10', endsOn: '2026-06-12' };
    expect((await askAs(boss.id, CREATE, { input: { ...base, slug: 'explore' } })).body.errors?.[0]?.message).toBe(EVENT_MESSAGES.slugReserved);
    expect((await askAs(boss.id, CREATE, { input: { ...base, slug: nextSlug(), startsOn: '2026-06-13' } })).body.errors?.[0]?.message).toBe(EVENT_MESSAGES.endsBeforeStart);
    await queryRows(env.database.url, `update users set username = 'clashname' where id = $1`, [holder.id]);
    expect((await askAs(boss.id, CREATE, { input: { ...base, slug: 'clashname' } })).body.errors?.[0]?.message).toBe(EVENT_MESSAGES.slugTaken);
    const event = await newEvent(boss.id, { slug: nextSlug().replace(/-/g, '') });
    const choose = await askAs(holder.id, 'mutation($input: ChooseUsernameInput!) { chooseUsername(input: $input) { user { id } } }', { input: { username: event.slug } });
    expect(choose.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

describe('tagging posts with an event', () => {
  it('lets only those who may credit others on the post add or remove the tag, and audits it', async () => {
    const em = env.server.orm.em.fork();
    const importer = await createUser(em);
    const tracker = await createUser(em);
    const post = await createPost(em, { createdBy: importer });
    const event = await newEvent((await admin()).id);
    const input = { postId: toGlobalId('Post', post.id), eventId: event.id };
    expect(codeOf(await askAs(tracker.id, ADD, { input }))).toBe('FORBIDDEN');
    expect(codeOf(await askAs(null, ADD, { input }))).toBe('UNAUTHENTICATED');
    expect((await askAs(importer.id, ADD, { input })).body.data).toEqual({ addPostEvent: { post: { id: input.postId, events: [{ slug: event.slug }] } } });
    expect(codeOf(await askAs(tracker.id, REMOVE, { input }))).toBe('FORBIDDEN');
    expect((await askAs(importer.id, REMOVE, { input })).body.data).toEqual({ removePostEvent: { post: { id: input.postId, events: [] } } });
    const audits = await queryRows<{ action: string }>(env.database.url, `select action from audit_logs where target = 'post_tags' and target_id = $1 order by id`, [String(post.id)]);
    expect(audits.map((row) => row.action)).toEqual(['create', 'delete']);
  });

  it(`keeps a post to ${POST_EVENTS_MAX} events`, async () => {
    const em = env.server.orm.em.fork();
    const importer = await createUser(em);
    const post = await createPost(em, { createdBy: importer });
    const adminId = (await admin()).id;
    const events = [];
    for (let index = 0; index <= POST_EVENTS_MAX; index++) events.push(await newEvent(adminId));
    const postId = toGlobalId('Post', post.id);
    for (const event of events.slice(0, POST_EVENTS_MAX)) expect((await askAs(importer.id, ADD, { input: { postId, eventId: event.id } })).body.errors).toBeUndefined();
    const refused = await askAs(importer.id, ADD, { input: { postId, eventId: events[POST_EVENTS_MAX]!.id } });
    expect(refused.body.errors?.[0]?.message).toBe(EVENT_MESSAGES.tooManyEvents);
    // Adding one it already carries changes nothing, so it is not refused.
    expect((await askAs(importer.id, ADD, { input: { postId, eventId: events[0]!.id } })).body.errors).toBeUndefined();
  });
});

const schemaOnce = buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });

async function statementsFor(variables: Record<string, unknown>): Promise<{ count: number; data: unknown }> {
  const context = log.orm.em.fork();
  let data: unknown = null;
  const selects = await log.selectsDuring(async () => {
    const result = await executeGraphQL({ schema: await schemaOnce, source: EVENT_PAGE, variableValues: variables, contextValue: { em: context, viewer: null, pubsub: null, config: env.server.config, logger: createLogger('silent') } });
    expect(result.errors).toBeUndefined();
    data = result.data;
  });
  return { count: selects.length, data };
}

/** An event whose tag `count` public posts carry, each with two accepted credits. */
async function eventWithPosts(count: number) {
  const event = await newEvent((await admin()).id);
  const em = env.server.orm.em.fork();
  const account = await createAccount(em);
  const [director, editor] = [await createUser(em), await createUser(em)];
  const posts = Array.from({ length: count }, () => buildPost(em, { account }));
  await em.flush();
  for (const post of posts) {
    await creditUser(em, post, director, 1);
    await creditUser(em, post, editor, 2);
  }
  await queryRows(env.database.url, 'insert into post_tags (post_id, tag_id) select post, (select tag_id from events where id = $1) from unnest($2::int[]) as post', [event.databaseId, posts.map((post) => post.id)]);
  return { event, director, editor };
}

describe('the event page', () => {
  it('reads 30 posts with their credits and people in as many statements as 3', async () => {
    const few = await eventWithPosts(3);
    const many = await eventWithPosts(30);
    await statementsFor({ slug: few.event.slug, first: 30 });
    const small = await statementsFor({ slug: few.event.slug, first: 30 });
    const large = await statementsFor({ slug: many.event.slug, first: 30 });
    type Page = { event: { people: Array<{ id: string }>; posts: { nodes: Array<{ credits: { totalCount: number } }> } } };
    const page = (large.data as Page).event;
    expect(page.posts.nodes).toHaveLength(30);
    expect(page.posts.nodes.every((post) => post.credits.totalCount === 2)).toBe(true);
    expect(page.people.map((person) => person.id).sort()).toEqual([toGlobalId('User', many.director.id), toGlobalId('User', many.editor.id)].sort());
    expect(large.count).toBe(small.count);
  });

  it('is null for an unknown slug', async () => {
    expect((await askAs(null, EVENT_PAGE, { slug: 'no-such-event', first: 3 })).body.data).toEqual({ event: null });
  });

  const page = async (pathname: string) => {
    const response = await fetch(`${env.server.url}${pathname}`, { headers: { accept: 'text/html' } });
    return { status: response.status, html: await response.text() };
  };

  it('answers 404 for an unknown slug and 200 for an event or a profile', async () => {
    const { event } = await eventWithPosts(1);
    const person = await createUser(env.server.orm.em.fork());
    expect((await page(`/${event.slug}`)).status).toBe(200);
    expect((await page(`/${person.username}`)).status).toBe(200);
    expect((await page('/no-such-event-or-person')).status).toBe(404);
  });

  it('carries its social card and schema.org Event in the server-written head', async () => {
    const { event } = await eventWithPosts(1);
    const html = (await page(`/${event.slug}`)).html;
    expect(html).toContain(`<title>${event.name} | Byline</title>`);
    expect(html).toContain(`<meta property="og:url" content="https://byline.example/${event.slug}" />`);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({ '@type': 'Event', name: event.name, startDate: '2026-06-10', endDate: '2026-06-12', location: { '@type': 'Place', name: 'Lisbon, Portugal' } });
  });

  it('has the seeded Sports Summit 26 on every install', async () => {
    const answer = await askAs(null, EVENT_PAGE, { slug: 'sportssummit26', first: 1 });
    expect(answer.body.data).toMatchObject({ event: { name: 'Sports Summit 26', slug: 'sportssummit26', placeName: 'Lisbon, Portugal' } });
  });
});
