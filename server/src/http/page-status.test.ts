import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteIndexHtml, writeBuiltClient, type BuiltClientFolder } from '../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { createPost, createSession, createUser } from '../test-support/factories.js';
import { graphql, startTestServer, type TestServer } from '../test-support/test-server.js';
import { hiringTeam, postJob, type PostedJob } from '../modules/jobs/jobs.test-support.js';
import { ROUTE_PRELOADS_FILE } from './route-preloads.js';

const INDEX_HTML = viteIndexHtml(['<script type="module" crossorigin src="/assets/index-a1.js"></script>']);

// The routes that decide a status, as client/build/routePreloads.ts writes them, ranked as the router ranks them.
const TABLE = {
  routes: [
    { path: '/posts/:postRef', pattern: '^\\/posts\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/projects/:projectSlug/*', pattern: '^\\/projects\\/([^/]+)(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/jobs/:jobSlug', pattern: '^\\/jobs\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/messages/:conversationId', pattern: '^\\/messages\\/([^/]+)\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/lists/:listId', pattern: '^\\/lists\\/([^/]+)\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/teams/:teamId/billing', pattern: '^\\/teams\\/([^/]+)\\/billing\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/teams/:teamId', pattern: '^\\/teams\\/([^/]+)\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/admin/users', pattern: '^\\/admin\\/users\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/settings', pattern: '^\\/settings\\/?$', flags: 'i', signedOut: false, scripts: [], styles: [] },
    { path: '/404', pattern: '^\\/404\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/:username/jobs', pattern: '^\\/([^/]+)\\/jobs\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/:username', pattern: '^\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/', pattern: '^\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '*', pattern: '^(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
  ],
};

/**
 * A stand-in for the client's SSR build (client/src/ssr/renderPage.tsx), for the server that
 * renders: the status must not depend on whether the page was rendered.
 */
const RENDER_ENTRY = `
export async function renderPage(url) {
  return { html: '<p>rendered ' + url + '</p>', stateScript: '<script type="application/json" id="byline-server-state">{}</script>' };
}
`;

let database: TestDatabase;
let client: BuiltClientFolder;
let server: TestServer;
/** The same app over the same database, rendering pages on the server. */
let renderingServer: TestServer;
let username: string;
let publicPostId: number;
let privatePostId: number;
let ownerCookie: string;
let strangerCookie: string;
let publicProject: { publicId: string; slug: string };
let privateProject: { publicId: string; slug: string };
let openJob: PostedJob;
let draftJob: PostedJob;
let brand: string;
let teamCookie: string;
let adminCookie: string;
let ownerListId: number;
let teamNumber: number;
let conversationNumber: number;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML, [ROUTE_PRELOADS_FILE]: JSON.stringify(TABLE), 'ssr/renderPage.js': RENDER_ENTRY });
  server = await startTestServer(database.url, { clientDistDir: client.dir, env: 'production' });
  renderingServer = await startTestServer(database.url, { clientDistDir: client.dir, serverRenderEntry: path.join(client.dir, 'ssr', 'renderPage.js'), env: 'production' });
  const em = server.orm.em.fork();
  const owner = await createUser(em);
  const stranger = await createUser(em);
  username = owner.username!;
  publicPostId = (await createPost(em, { createdBy: owner })).id;
  privatePostId = (await createPost(em, { createdBy: owner, isPrivate: true })).id;
  ownerCookie = (await createSession(em, server.config, owner.id)).cookie;
  strangerCookie = (await createSession(em, server.config, stranger.id)).cookie;
  publicProject = await createProject(owner.id, 'Spring Campaign', 'PUBLIC');
  const friend = await createUser(em);
  const started = await graphql<{ startConversation: { conversation: { databaseId: number } } }>(
    server,
    'mutation($input: StartConversationInput!) { startConversation(input: $input) { conversation { databaseId } } }',
    { token: server.tokenFor(owner.id), variables: { input: { userId: Buffer.from(`User:${friend.id}`).toString('base64'), body: 'Hello' } } },
  );
  conversationNumber = started.body.data!.startConversation.conversation.databaseId;
  privateProject = await createProject(owner.id, 'Secret Launch', 'PRIVATE');
  const hiring = await hiringTeam(server);
  openJob = await postJob(server, hiring);
  draftJob = await postJob(server, hiring, { status: null });
  brand = hiring.company.username!;
  teamCookie = (await createSession(em, server.config, hiring.member.id)).cookie;
  adminCookie = (await createSession(em, server.config, hiring.admin.id)).cookie;
  teamNumber = hiring.team.id;
  const list = await graphql<{ createList: { list: { databaseId: number } } }>(server, 'mutation($input: CreateListInput!) { createList(input: $input) { list { databaseId } } }', {
    token: server.tokenFor(owner.id),
    variables: { input: { name: 'Favourites' } },
  });
  ownerListId = list.body.data!.createList.list.databaseId;
});

async function createProject(ownerId: number, name: string, visibility: string): Promise<{ publicId: string; slug: string }> {
  const create = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { publicId slug } } }';
  const answer = await graphql<{ createProject: { project: { publicId: string; slug: string } } }>(server, create, { token: server.tokenFor(ownerId), variables: { input: { name, visibility } } });
  return answer.body.data!.createProject.project;
}

afterAll(async () => {
  await renderingServer?.stop();
  await server?.stop();
  await database?.drop();
  client?.remove();
});

async function redirectOf(pathname: string, cookie?: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual', headers: cookie ? { cookie, accept: 'text/html' } : { accept: 'text/html' } });
  return { status: response.status, location: response.headers.get('location') };
}

async function statusOf(pathname: string, cookie?: string): Promise<number> {
  const response = await fetch(`${server.url}${pathname}`, cookie ? { headers: { cookie } } : {});
  // The same page either way (a profile's with its own head): the app shows its not-found page itself.
  expect(await response.text()).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  return response.status;
}

describe('the status a page answers with (docs/product.md §Pages)', () => {
  it('answers 404 for an address no route knows, and for /404 itself, signed in or out', async () => {
    for (const cookie of [undefined, ownerCookie]) {
      expect(await statusOf('/a/b/c', cookie)).toBe(404);
      expect(await statusOf('/404', cookie)).toBe(404);
      expect(await statusOf('/', cookie)).toBe(200);
      expect(await statusOf('/settings', cookie)).toBe(200);
    }
  });

  it('answers 404 for a profile no one has, 200 for one that exists', async () => {
    expect(await statusOf(`/${username}`)).toBe(200);
    expect(await statusOf('/no.such.person')).toBe(404);
    expect(await statusOf('/no.such.person', strangerCookie)).toBe(404);
  });

  it('answers 404 for a post that does not exist or that the visitor may not see, as its page says', async () => {
    expect(await statusOf(`/posts/${publicPostId}`)).toBe(200);
    expect(await statusOf(`/posts/${publicPostId}-someone-tiktok`)).toBe(200);
    expect(await statusOf('/posts/2147483647')).toBe(404);
    expect(await statusOf('/posts/99999999999')).toBe(404);
    expect(await statusOf('/posts/not-a-post')).toBe(404);
    expect(await statusOf(`/posts/${privatePostId}`)).toBe(404);
    expect(await statusOf(`/posts/${privatePostId}`, strangerCookie)).toBe(404);
    expect(await statusOf(`/posts/${privatePostId}`, ownerCookie)).toBe(200);
  });

  it('answers 404 for a project that does not exist or that the visitor may not see, and moves an old slug (301)', async () => {
    const current = `/projects/${publicProject.publicId}~${publicProject.slug}`;
    expect(await statusOf(current)).toBe(200);
    expect(await statusOf(`${current}/deliverables`)).toBe(200);
    expect(await redirectOf(`/projects/${publicProject.publicId}~old-name/costs?tab=1`)).toEqual({ status: 301, location: `${current}/costs?tab=1` });
    expect(await redirectOf(`/projects/${publicProject.publicId}`)).toEqual({ status: 301, location: current });
    expect(await statusOf('/projects/abcdefghij~nothing')).toBe(404);
    expect(await statusOf('/projects/not-an-id')).toBe(404);
    const secret = `/projects/${privateProject.publicId}~${privateProject.slug}`;
    expect(await statusOf(secret)).toBe(404);
    expect(await statusOf(secret, strangerCookie)).toBe(404);
    expect(await statusOf(secret, ownerCookie)).toBe(200);
    // A stranger is not told that a private project moved: it is not found under any slug.
    expect((await redirectOf(`/projects/${privateProject.publicId}~old`, strangerCookie)).status).toBe(404);
  });

  it('answers 404 for a job that does not exist or is a draft the visitor may not see, and moves an old slug (301)', async () => {
    expect(await statusOf(openJob.path)).toBe(200);
    expect(await redirectOf(`/jobs/${openJob.publicId}~old-title?ref=1`)).toEqual({ status: 301, location: `${openJob.path}?ref=1` });
    expect(await redirectOf(`/jobs/${openJob.publicId}`)).toEqual({ status: 301, location: openJob.path });
    expect(await statusOf('/jobs/abcdefghij~nothing')).toBe(404);
    expect(await statusOf('/jobs/not-an-id')).toBe(404);
    expect(await statusOf(draftJob.path)).toBe(404);
    expect(await statusOf(draftJob.path, strangerCookie)).toBe(404);
    expect(await statusOf(draftJob.path, teamCookie)).toBe(200);
    expect(await statusOf(`/${brand}/jobs`)).toBe(200);
    expect(await statusOf('/no_such_brand_here/jobs')).toBe(404);
  });

  it('answers 404 for a list, a team or an admin page the signed-in visitor may not see, as each page says', async () => {
    expect(await statusOf(`/lists/${ownerListId}`, ownerCookie)).toBe(200);
    expect(await statusOf(`/lists/${ownerListId}`, strangerCookie)).toBe(404);
    expect(await statusOf('/lists/2147483647', ownerCookie)).toBe(404);
    expect(await statusOf('/lists/not-a-list', ownerCookie)).toBe(404);
    expect(await statusOf(`/teams/${teamNumber}`, teamCookie)).toBe(200);
    expect(await statusOf(`/teams/${teamNumber}/billing`, teamCookie)).toBe(200);
    expect(await statusOf(`/teams/${teamNumber}`, strangerCookie)).toBe(404);
    expect(await statusOf(`/teams/${teamNumber}/billing`, strangerCookie)).toBe(404);
    expect(await statusOf('/teams/0', teamCookie)).toBe(404);
    expect(await statusOf(`/messages/${conversationNumber}`, ownerCookie)).toBe(200);
    expect(await statusOf(`/messages/${conversationNumber}`, strangerCookie)).toBe(404);
    expect(await statusOf('/messages/not-a-conversation', ownerCookie)).toBe(404);
    expect(await statusOf(`/messages/${conversationNumber}`)).toBe(200);
    expect(await statusOf('/admin/users', adminCookie)).toBe(200);
    expect(await statusOf('/admin/users', strangerCookie)).toBe(404);
    // Signed out, these pages send the visitor to sign up: the page answers, not a 404.
    expect(await statusOf(`/lists/${ownerListId}`)).toBe(200);
    expect(await statusOf(`/teams/${teamNumber}`)).toBe(200);
    expect(await statusOf('/admin/users')).toBe(200);
  });
});

const DELETE_ACCOUNT = 'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { deletedUserId } }';

describe('the status of what was deleted (docs/product.md §Pages)', () => {
  let goneName: string;
  let deletedPostId: number;
  let deletedPrivatePostId: number;
  let postOwnerCookie: string;
  let viewerCookie: string;

  beforeAll(async () => {
    const em = server.orm.em.fork();
    const leaving = await createUser(em);
    goneName = leaving.username!;
    const session = await createSession(em, server.config, leaving.id);
    const deleted = await graphql(server, DELETE_ACCOUNT, { token: session.accessToken, variables: { input: { confirm: true } } });
    expect(deleted.body.errors).toBeUndefined();
    const postOwner = await createUser(em);
    postOwnerCookie = (await createSession(em, server.config, postOwner.id)).cookie;
    viewerCookie = (await createSession(em, server.config, (await createUser(em)).id)).cookie;
    // Posts are deleted on their network, not in Byline: the import marks them and keeps their credits.
    const gonePost = await createPost(em, { createdBy: postOwner });
    const gonePrivatePost = await createPost(em, { createdBy: postOwner, isPrivate: true });
    gonePost.isDeleted = true;
    gonePrivatePost.isDeleted = true;
    await em.flush();
    deletedPostId = gonePost.id;
    deletedPrivatePostId = gonePrivatePost.id;
  });

  /** The status, and whether the page was rendered, from the plain server and the rendering one: the status must agree. */
  async function statusBothWays(pathname: string, cookie?: string): Promise<number> {
    const headers = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
    const [plain, rendered] = await Promise.all([fetch(`${server.url}${pathname}`, { headers }), fetch(`${renderingServer.url}${pathname}`, { headers })]);
    const [plainHtml, renderedHtml] = await Promise.all([plain.text(), rendered.text()]);
    expect(plainHtml).toContain('<div id="root"></div>');
    expect(renderedHtml).toContain(`<p>rendered ${pathname}</p>`);
    expect(rendered.status).toBe(plain.status);
    return plain.status;
  }

  it('answers 404 for an unknown address and for /404, 410 for a deleted account and a deleted post, signed in or out, rendered or not', async () => {
    for (const cookie of [undefined, viewerCookie]) {
      expect(await statusBothWays('/no/such/page', cookie)).toBe(404);
      expect(await statusBothWays('/404', cookie)).toBe(404);
      expect(await statusBothWays('/no.such.person', cookie)).toBe(404);
      expect(await statusBothWays(`/${goneName}`, cookie)).toBe(410);
      expect(await statusBothWays(`/${goneName.toUpperCase()}`, cookie)).toBe(410);
      expect(await statusBothWays(`/posts/${deletedPostId}`, cookie)).toBe(410);
      expect(await statusBothWays(`/posts/${deletedPostId}-someone-tiktok`, cookie)).toBe(410);
      // A deleted private post is still nobody else's business: not found, not gone.
      expect(await statusBothWays(`/posts/${deletedPrivatePostId}`, cookie)).toBe(404);
    }
    expect(await statusBothWays(`/posts/${deletedPrivatePostId}`, postOwnerCookie)).toBe(410);
  });

  it('says why in the API: the deleted account\'s name is NOT_FOUND with details.gone, an unknown one without', async () => {
    const ask = (name: string) => graphql(server, 'query($username: String!) { userByUsername(username: $username) { id } }', { variables: { username: name } });
    expect((await ask(goneName)).body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', details: { gone: true } });
    expect((await ask('no.such.person')).body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await ask('no.such.person')).body.errors?.[0]?.extensions?.details).toBeUndefined();
  });

  it('answers 200 again once someone else takes the name, and 410 once more if they delete theirs', async () => {
    const em = server.orm.em.fork();
    const taken = await createUser(em, { username: goneName.toUpperCase() });
    expect(await statusBothWays(`/${goneName}`)).toBe(200);
    expect(await statusBothWays(`/${goneName}`, viewerCookie)).toBe(200);
    const session = await createSession(em, server.config, taken.id);
    expect((await graphql(server, DELETE_ACCOUNT, { token: session.accessToken, variables: { input: { confirm: true } } })).body.errors).toBeUndefined();
    expect(await statusBothWays(`/${goneName}`)).toBe(410);
  });
});
