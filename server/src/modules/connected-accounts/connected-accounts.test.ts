import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkId, type NetworkName } from '../../../../domain/networks.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createPersonalAccessToken } from '../auth/index.js';
import { Credit, CreditRole } from '../credits/index.js';
import { createAccount, createPost, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../test-support/fixture-networks/fixture-network-server.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { queryRows } from '../../test-support/sql.js';
import { User } from '../users/index.js';
import { listOwnConnections, type ConnectedAccountView } from './connected-account.service.js';
import { graphql, startTestServer, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 30_000 });
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl });
});

const log = useQueryLog({
  get database() {
    return database;
  },
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

const CONNECTED = 'account { id databaseId handle profileUrl followerCount isVerified owner { username } network { name } } isVerified verifiedAt verificationCode codeExpiresAt';
const CONNECT = `mutation($networkId: ID!, $handleOrUrl: String!) { connectSocialAccount(input: { networkId: $networkId, handleOrUrl: $handleOrUrl }) { connectedAccount { ${CONNECTED} } } }`;
const VERIFY = `mutation($id: ID!) { verifySocialAccount(input: { socialAccountId: $id }) { claimedCreditCount connectedAccount { ${CONNECTED} } } }`;
const DISCONNECT = 'mutation($id: ID!) { disconnectSocialAccount(input: { socialAccountId: $id }) { disconnectedSocialAccountId } }';
const LIST = `{ viewerSocialAccounts { ${CONNECTED} } }`;

interface Connected {
  account: { id: string; databaseId: number; handle: string; profileUrl: string; followerCount: number | null; isVerified: boolean; owner: { username: string } | null; network: { name: string } };
  isVerified: boolean;
  verifiedAt: string | null;
  verificationCode: string | null;
  codeExpiresAt: string | null;
}

async function signedIn(): Promise<{ id: number; username: string; token: string }> {
  const user = await createUser(server.orm.em.fork());
  return { id: user.id, username: user.username!, token: server.tokenFor(user.id) };
}

function connect(token: string | undefined, networkId: number, handleOrUrl: string): Promise<GraphQLResponse<{ connectSocialAccount: { connectedAccount: Connected } }>> {
  return graphql(server, CONNECT, { token, variables: { networkId: toGlobalId('Network', networkId), handleOrUrl } });
}

function verify(token: string | undefined, accountGlobalId: string): Promise<GraphQLResponse<{ verifySocialAccount: { claimedCreditCount: number; connectedAccount: Connected } }>> {
  return graphql(server, VERIFY, { token, variables: { id: accountGlobalId } });
}

async function connected(token: string, networkId: number, handleOrUrl: string): Promise<Connected> {
  const response = await connect(token, networkId, handleOrUrl);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.connectSocialAccount.connectedAccount;
}

function errorOf(response: GraphQLResponse<unknown>): { message: string; code: unknown } {
  const [error] = response.body.errors ?? [];
  return { message: error?.message ?? '', code: error?.extensions?.['code'] };
}

const unique = (prefix: string) => `${prefix}.${uniqueSuffix()}`;

describe('connecting an account', () => {
  it.each<[string, number, (handle: string) => string, NetworkName, (handle: string) => string]>([
    ['a TikTok handle with its @', NetworkId.TikTok, (h) => `@${h}`, 'tiktok', (h) => `https://www.tiktok.com/@${h}`],
    ['a TikTok handle without it', NetworkId.TikTok, (h) => h, 'tiktok', (h) => `https://www.tiktok.com/@${h}`],
    ['a TikTok profile link', NetworkId.TikTok, (h) => `https://www.tiktok.com/@${h}?lang=en`, 'tiktok', (h) => `https://www.tiktok.com/@${h}`],
    ['a YouTube channel link', NetworkId.YouTube, (h) => `youtube.com/@${h}/videos`, 'youtube', (h) => `https://www.youtube.com/@${h}`],
    ['an X handle written with @', NetworkId.Twitter, (h) => `@${h}`, 'twitter', (h) => `https://x.com/${h}`],
    ['an X profile link', NetworkId.Twitter, (h) => `https://twitter.com/${h}`, 'twitter', (h) => `https://x.com/${h}`],
    ['an Instagram handle', NetworkId.Instagram, (h) => h, 'instagram', (h) => `https://www.instagram.com/${h}`],
    ['a Threads profile link', NetworkId.Threads, (h) => `https://www.threads.net/@${h}`, 'threads', (h) => `https://www.threads.net/@${h}`],
    ['a Snapchat add link', NetworkId.Snapchat, (h) => `https://www.snapchat.com/add/${h}`, 'snapchat', (h) => `https://www.snapchat.com/@${h}`],
    ['a LinkedIn profile link', NetworkId.LinkedIn, (h) => `https://www.linkedin.com/in/${h}/`, 'linkedin', (h) => `https://www.linkedin.com/in/${h}`],
  ])('connects by %s, gives a code and fetches the profile by the network’s @ rule', async (_, networkId, typed, network, profileUrl) => {
    const { token } = await signedIn();
    const handle = unique('maker');
    const result = await connected(token, networkId, typed(handle));
    expect(result.account).toMatchObject({ handle, profileUrl: profileUrl(handle), isVerified: false, owner: null, network: { name: network } });
    expect(result).toMatchObject({ isVerified: false, verifiedAt: null });
    expect(result.verificationCode).toMatch(/^byline-[A-Z2-9]{4}$/);
    const expiresIn = new Date(result.codeExpiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    // The page asked for is the network's profile page: with an @ exactly where the network writes one.
    const path = new URL(profileUrl(handle)).pathname;
    expect(fixtures.requests.some((request) => request.endsWith(path))).toBe(true);
  });

  it('gives the same code when asked again while it is valid, and lists the account as pending', async () => {
    const { token } = await signedIn();
    const handle = unique('again');
    const first = await connected(token, NetworkId.Instagram, handle);
    const second = await connected(token, NetworkId.Instagram, `https://www.instagram.com/${handle.toUpperCase()}/`);
    expect(second.account.databaseId).toBe(first.account.databaseId);
    expect(second.verificationCode).toBe(first.verificationCode);
    const list = await graphql<{ viewerSocialAccounts: Connected[] }>(server, LIST, { token });
    expect(list.body.data!.viewerSocialAccounts).toEqual([expect.objectContaining({ isVerified: false, verificationCode: first.verificationCode, account: expect.objectContaining({ handle }) })]);
  });

  it('answers “Could not find a channel for that username” for an account the network does not have', async () => {
    const { token } = await signedIn();
    for (const [networkId, handle] of [
      [NetworkId.TikTok, 'missing.maker'],
      [NetworkId.Twitter, 'missing_maker'],
      [NetworkId.YouTube, 'deletedchannel'],
    ] as const) {
      const response = await connect(token, networkId, handle);
      expect(errorOf(response)).toEqual({ message: 'Could not find a channel for that username', code: 'NOT_FOUND' });
    }
    const rows = await queryRows(database.url, `select 1 from social_accounts where handle in ('missing.maker', 'missing_maker', 'deletedchannel')`);
    expect(rows).toEqual([]);
  });

  it('refuses a link to another network, a handle with spaces and the personal website', async () => {
    const { token } = await signedIn();
    expect(errorOf(await connect(token, NetworkId.Instagram, 'https://www.tiktok.com/@maya.makes'))).toEqual({ message: 'Invalid url', code: 'BAD_USER_INPUT' });
    expect(errorOf(await connect(token, NetworkId.Instagram, 'https://www.instagram.com/p/C1a2b3c4d5E/'))).toEqual({ message: 'Invalid url', code: 'BAD_USER_INPUT' });
    expect(errorOf(await connect(token, NetworkId.LinkedIn, 'https://www.linkedin.com/company/acme'))).toEqual({ message: 'Invalid url', code: 'BAD_USER_INPUT' });
    expect(errorOf(await connect(token, NetworkId.TikTok, 'maya makes'))).toEqual({ message: 'Please enter a username or a link to the profile.', code: 'BAD_USER_INPUT' });
    expect(errorOf(await connect(token, NetworkId.Website, 'janedoe.studio'))).toEqual({ message: 'Platform not supported', code: 'UNPROCESSABLE' });
    const wrongType = await graphql(server, CONNECT, { token, variables: { networkId: toGlobalId('Post', 1), handleOrUrl: 'x' } });
    expect(errorOf(wrongType)).toEqual({ message: 'Invalid id', code: 'BAD_USER_INPUT' });
  });

  it('refuses a 51st account, but still answers for one already pending', async () => {
    const { token, id } = await signedIn();
    const first = await connected(token, NetworkId.Twitter, unique('first').replace('.', '_'));
    await queryRows(
      database.url,
      `with accounts as (
         insert into social_accounts (network_id, handle) select 1, 'bulk_' || $2 || '_' || n from generate_series(1, 49) n returning id
       )
       insert into social_account_verifications (user_id, social_account_id, code, expires_at) select $1, id, 'byline-AAAA', now() + interval '1 day' from accounts`,
      [id, uniqueSuffix()],
    );
    expect(errorOf(await connect(token, NetworkId.TikTok, unique('one.more')))).toEqual({ message: 'You can connect at most 50 accounts. Disconnect one first.', code: 'BAD_USER_INPUT' });
    expect((await connected(token, NetworkId.Twitter, first.account.handle)).verificationCode).toBe(first.verificationCode);
    const list = await graphql<{ viewerSocialAccounts: Connected[] }>(server, LIST, { token });
    expect(list.body.data!.viewerSocialAccounts).toHaveLength(50);
  });

  it('says when the network does not answer, without a stack', async () => {
    const { token } = await signedIn();
    const response = await connect(token, NetworkId.Twitter, 'error_maker');
    expect(errorOf(response)).toEqual({ message: 'We could not read that profile right now. Make sure the account is public, then try again in a few minutes.', code: 'UNPROCESSABLE' });
  });
});

describe('verifying with the code in the bio', () => {
  it('refuses while the code is not in the bio, saying which code to add', async () => {
    const { token } = await signedIn();
    const result = await connected(token, NetworkId.TikTok, unique('nocode'));
    const response = await verify(token, result.account.id);
    expect(errorOf(response)).toEqual({
      message: `We could not find ${result.verificationCode} in the account's bio. Add it to the bio, save, then check again (the network may take a minute to show the change).`,
      code: 'UNPROCESSABLE',
    });
    const [row] = await queryRows<{ owner_id: number | null }>(database.url, 'select owner_id from social_accounts where id = $1', [result.account.databaseId]);
    expect(row?.owner_id).toBeNull();
  });

  it('makes the account the user’s when the code is in the bio: owner, follower count, posts and pending invitee credits', async () => {
    const user = await signedIn();
    const adder = await createUser(server.orm.em.fork());
    const handle = unique('lumen');
    // Someone credited the account before its owner was on Byline.
    const em = server.orm.em.fork();
    const account = await createAccount(em, NetworkId.TikTok, handle);
    const post = await createPost(em, { account });
    em.create(Credit, { post, user: null, inviteeAccount: account, addedBy: adder, role: em.getReference(CreditRole, 1), status: 'pending' });
    await em.flush();

    const result = await connected(user.token, NetworkId.TikTok, handle);
    expect(result.account.databaseId).toBe(account.id);
    fixtures.setProfile('tiktok', handle, { bio: `Ceramics & film ✨ ${result.verificationCode!.toLowerCase()} · links below`, followers: 123_456 });

    const response = await verify(user.token, result.account.id);
    expect(response.body.errors).toBeUndefined();
    const verified = response.body.data!.verifySocialAccount;
    expect(verified.claimedCreditCount).toBe(1);
    expect(verified.connectedAccount).toMatchObject({
      isVerified: true,
      verificationCode: null,
      account: { isVerified: true, followerCount: 123_456, owner: { username: user.username } },
    });
    expect(verified.connectedAccount.verifiedAt).not.toBeNull();

    const credits = await queryRows<{ user_id: number; status: string; invitee_account_id: number | null }>(database.url, 'select user_id, status, invitee_account_id from credits where post_id = $1', [post.id]);
    expect(credits).toEqual([{ user_id: user.id, status: 'pending', invitee_account_id: null }]);
    expect(await ownedPostCount(user.id)).toBe(1);
    expect(await queryRows(database.url, 'select 1 from social_account_verifications where social_account_id = $1', [account.id])).toEqual([]);

    // Verifying again is a no-op that still answers the account.
    const again = await verify(user.token, result.account.id);
    expect(again.body.data!.verifySocialAccount).toMatchObject({ claimedCreditCount: 0, connectedAccount: { isVerified: true } });
  });

  it.each<[string, number, NetworkName, number | null]>([
    ['X (JSON-LD)', NetworkId.Twitter, 'twitter', 48_200],
    ['YouTube (page data)', NetworkId.YouTube, 'youtube', 1_200_000],
    ['Instagram (meta description)', NetworkId.Instagram, 'instagram', 12_000],
    ['Threads (meta description)', NetworkId.Threads, 'threads', 3_400],
    ['Twitch, which shows no follower count', NetworkId.Twitch, 'twitch', null],
  ])('reads the bio and follower count of %s', async (_, networkId, network, followers) => {
    const { token } = await signedIn();
    const handle = unique('reader').replace('.', '_');
    const result = await connected(token, networkId, handle);
    fixtures.setProfile(network, handle, { bio: `Director. ${result.verificationCode}`, followers: followers ?? null });
    const response = await verify(token, result.account.id);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.verifySocialAccount.connectedAccount.account).toMatchObject({ isVerified: true, followerCount: followers });
  });

  it('refuses a code that has expired with the spec’s words', async () => {
    const { token, id } = await signedIn();
    const handle = unique('late');
    const result = await connected(token, NetworkId.TikTok, handle);
    fixtures.setProfile('tiktok', handle, { bio: result.verificationCode! });
    await queryRows(database.url, `update social_account_verifications set expires_at = now() - interval '1 minute' where user_id = $1`, [id]);
    expect(errorOf(await verify(token, result.account.id))).toEqual({ message: 'Sorry that code is invalid or expired!', code: 'BAD_USER_INPUT' });
    // Connecting again gives a fresh code.
    const fresh = await connected(token, NetworkId.TikTok, handle);
    expect(new Date(fresh.codeExpiresAt!).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses an account someone else already verified, at connect and at verify', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const handle = unique('taken');
    const mine = await connected(first.token, NetworkId.Instagram, handle);
    const theirs = await connected(second.token, NetworkId.Instagram, handle);
    fixtures.setProfile('instagram', handle, { bio: `${mine.verificationCode} ${theirs.verificationCode}` });
    expect((await verify(first.token, mine.account.id)).body.errors).toBeUndefined();

    // The second person's pending code went with the first proof.
    expect(errorOf(await verify(second.token, theirs.account.id))).toEqual({ message: 'That account is not connected to your profile.', code: 'NOT_FOUND' });
    expect(errorOf(await connect(second.token, NetworkId.Instagram, handle))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });
    const [row] = await queryRows<{ owner_id: number }>(database.url, 'select owner_id from social_accounts where id = $1', [mine.account.databaseId]);
    expect(row?.owner_id).toBe(first.id);
  });
});

async function ownedPostCount(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.url,
    'select count(*)::int as n from posts p join social_accounts a on a.id = p.account_id where a.owner_id = $1 and a.owner_verified_at is not null',
    [userId],
  );
  return row?.n ?? 0;
}

describe('disconnecting', () => {
  it('clears the owner, so the account’s posts are no longer the user’s', async () => {
    const user = await signedIn();
    const handle = unique('leaving');
    const em = server.orm.em.fork();
    const account = await createAccount(em, NetworkId.Twitter, handle);
    await createPost(em, { account });
    const result = await connected(user.token, NetworkId.Twitter, handle);
    fixtures.setProfile('twitter', handle, { bio: result.verificationCode! });
    expect((await verify(user.token, result.account.id)).body.errors).toBeUndefined();
    expect(await ownedPostCount(user.id)).toBe(1);

    const response = await graphql<{ disconnectSocialAccount: { disconnectedSocialAccountId: string } }>(server, DISCONNECT, { token: user.token, variables: { id: result.account.id } });
    expect(response.body.data!.disconnectSocialAccount.disconnectedSocialAccountId).toBe(result.account.id);
    expect(await ownedPostCount(user.id)).toBe(0);
    const [row] = await queryRows<{ owner_id: number | null; owner_verified_at: Date | null }>(database.url, 'select owner_id, owner_verified_at from social_accounts where id = $1', [account.id]);
    expect(row).toEqual({ owner_id: null, owner_verified_at: null });
    expect((await graphql<{ viewerSocialAccounts: Connected[] }>(server, LIST, { token: user.token })).body.data!.viewerSocialAccounts).toEqual([]);
  });

  it('drops a pending connection and its code', async () => {
    const user = await signedIn();
    const result = await connected(user.token, NetworkId.Behance, unique('pending'));
    expect((await graphql(server, DISCONNECT, { token: user.token, variables: { id: result.account.id } })).body.errors).toBeUndefined();
    expect(await queryRows(database.url, 'select 1 from social_account_verifications where user_id = $1', [user.id])).toEqual([]);
  });
});

describe('who may do what', () => {
  it('refuses signed-out callers on every operation', async () => {
    const account = await createAccount(server.orm.em.fork());
    const id = toGlobalId('SocialAccount', account.id);
    for (const response of [
      await graphql(server, LIST),
      await connect(undefined, NetworkId.TikTok, 'maya.makes'),
      await verify(undefined, id),
      await graphql(server, DISCONNECT, { variables: { id } }),
    ]) {
      expect(errorOf(response)).toEqual({ message: 'Please sign up or sign in to do that!', code: 'UNAUTHENTICATED' });
    }
  });

  it('lets nobody verify or disconnect another user’s account', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const handle = unique('mine');
    const result = await connected(owner.token, NetworkId.TikTok, handle);
    fixtures.setProfile('tiktok', handle, { bio: result.verificationCode! });
    for (const response of [await verify(other.token, result.account.id), await graphql(server, DISCONNECT, { token: other.token, variables: { id: result.account.id } })]) {
      expect(errorOf(response)).toEqual({ message: 'That account is not connected to your profile.', code: 'NOT_FOUND' });
    }
    expect((await verify(owner.token, result.account.id)).body.errors).toBeUndefined();
    expect(errorOf(await graphql(server, DISCONNECT, { token: other.token, variables: { id: result.account.id } }))).toEqual({ message: 'That account is not connected to your profile.', code: 'NOT_FOUND' });
    const list = await graphql<{ viewerSocialAccounts: Connected[] }>(server, LIST, { token: other.token });
    expect(list.body.data!.viewerSocialAccounts).toEqual([]);
  });

  it('refuses read-only personal access tokens on the mutations, and lets them read', async () => {
    const user = await createUser(server.orm.em.fork());
    const { token } = await createPersonalAccessToken(server.orm.em.fork(), user.id, { name: 'read', expiresInDays: null, scope: 'read_only' });
    const response = await connect(token, NetworkId.TikTok, unique('ro'));
    expect(errorOf(response).code).toBe('FORBIDDEN');
    expect((await graphql(server, LIST, { token })).body.errors).toBeUndefined();
  });

  it('lists accounts in a fixed small number of queries', async () => {
    const user = await signedIn();
    for (const network of [NetworkId.TikTok, NetworkId.Instagram, NetworkId.Twitter]) await connected(user.token, network, unique('many').replace('.', '_'));
    const viewer = { user: await log.orm.em.fork().findOneOrFail(User, user.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
    let listed: ConnectedAccountView[] = [];
    const selects = await log.selectsDuring(async () => {
      listed = await listOwnConnections(log.orm.em.fork(), viewer);
    });
    expect(listed.map((view) => view.account.network.id)).toEqual([NetworkId.Twitter, NetworkId.Instagram, NetworkId.TikTok]);
    expect(selects).toHaveLength(2);
  });
});
