import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CONVERSATION_MESSAGES, MAX_MESSAGE_LENGTH, NEW_ACCOUNT_DAILY_CONVERSATIONS } from '../../../../domain/conversations.js';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer, type GraphQLResponse } from '../../test-support/test-server.js';
import { setNotificationDelivery } from '../notifications/index.js';
import type { User } from '../users/index.js';

const { env, mail } = useMailingTestServer();
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.dispose();
});

const START = `mutation($input: StartConversationInput!) { startConversation(input: $input) { created conversation { id databaseId } message { id body fromViewer } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id body } conversation { id } } }`;
const READ = `mutation($input: MarkConversationReadInput!) { markConversationRead(input: $input) { unreadConversationCount conversation { unread } } }`;
const BLOCK = `mutation($input: BlockUserInput!) { blockUser(input: $input) { user { id viewerHasBlocked viewerCanMessage } } }`;
const UNBLOCK = `mutation($input: UnblockUserInput!) { unblockUser(input: $input) { user { id viewerHasBlocked } } }`;
const REPORT = `mutation($input: ReportUserInput!) { reportUser(input: $input) { user { id } } }`;
const LIST = `query($first: Int, $after: String) { conversations(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id unread otherParticipant { id } participants { id } lastMessage { body } viewerCan { sendMessage unblock } } } }`;
const ONE = `query($id: ID!) { conversation(id: $id) { id messages(last: 10) { totalCount nodes { body fromViewer sender { id } } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { id ... on Conversation { databaseId } ... on Message { body } } }`;
const UNREAD = `query { viewer { unreadConversationCount } notificationCounts { new unreadConversations } }`;

async function person(fields: Partial<Pick<User, 'createdAt' | 'roleFlags'>> = {}): Promise<{ user: User; token: string; id: string }> {
  // Accounts are a month old unless a test says otherwise, so the new-account limit stays out of the way.
  const user = await createUser(env.server.orm.em.fork(), { createdAt: new Date(Date.now() - 30 * 86_400_000), ...fields });
  return { user, token: env.server.tokenFor(user.id), id: toGlobalId('User', user.id) };
}

function errorOf(response: GraphQLResponse): { message: string; code: unknown } | undefined {
  const error = response.body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

type Started = { startConversation: { created: boolean; conversation: { id: string; databaseId: number }; message: { id: string; body: string; fromViewer: boolean } } };

async function start(token: string, userId: string, body = 'Hello there', extra: Record<string, unknown> = {}): Promise<Started['startConversation']> {
  const response = await graphql<Started>(env.server, START, { token, variables: { input: { userId, body, ...extra } } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.startConversation;
}

async function unread(token: string): Promise<{ viewer: number; counts: number }> {
  const response = await graphql<{ viewer: { unreadConversationCount: number }; notificationCounts: { unreadConversations: number } }>(env.server, UNREAD, { token });
  expect(response.body.errors).toBeUndefined();
  return { viewer: response.body.data!.viewer.unreadConversationCount, counts: response.body.data!.notificationCounts.unreadConversations };
}

describe('who may write to whom', () => {
  it('lets a signed-in person write to another, once per pair, and both read it', async () => {
    const [brand, creator] = [await person(), await person()];
    const first = await start(brand.token, creator.id, 'Loved your reel');
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({ body: 'Loved your reel', fromViewer: true });
    // Writing again from the other side reuses the pair's conversation.
    const again = await start(creator.token, brand.id, 'Thank you!');
    expect(again.created).toBe(false);
    expect(again.conversation.id).toBe(first.conversation.id);

    const thread = await graphql<{ conversation: { messages: { totalCount: number; nodes: Array<{ body: string; fromViewer: boolean }> } } }>(env.server, ONE, { token: brand.token, variables: { id: first.conversation.id } });
    expect(thread.body.data!.conversation.messages.nodes.map((m) => [m.body, m.fromViewer])).toEqual([
      ['Loved your reel', true],
      ['Thank you!', false],
    ]);
  });

  it('refuses oneself, the signed-out, empty and too long messages', async () => {
    const [me, other] = [await person(), await person()];
    expect(errorOf(await graphql(env.server, START, { token: me.token, variables: { input: { userId: me.id, body: 'hi' } } }))).toEqual({ message: CONVERSATION_MESSAGES.notYourself, code: 'BAD_USER_INPUT' });
    expect(errorOf(await graphql(env.server, START, { variables: { input: { userId: other.id, body: 'hi' } } }))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await graphql(env.server, START, { token: me.token, variables: { input: { userId: other.id, body: '   ' } } }))?.message).toBe(CONVERSATION_MESSAGES.bodyRequired);
    expect(errorOf(await graphql(env.server, START, { token: me.token, variables: { input: { userId: other.id, body: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) } } }))?.message).toBe(CONVERSATION_MESSAGES.bodyTooLong);
    expect((await start(me.token, other.id, 'x'.repeat(MAX_MESSAGE_LENGTH))).created).toBe(true);
  });

  it('blocks both ways: neither side can write, the blocked side reads a plain answer, unblocking lifts it', async () => {
    const [alice, bob] = [await person(), await person()];
    const { conversation } = await start(alice.token, bob.id);
    const blocked = await graphql<{ blockUser: { user: { viewerHasBlocked: boolean; viewerCanMessage: boolean } } }>(env.server, BLOCK, { token: alice.token, variables: { input: { userId: bob.id } } });
    expect(blocked.body.data!.blockUser.user).toMatchObject({ viewerHasBlocked: true, viewerCanMessage: false });

    for (const [token, userId] of [
      [bob.token, alice.id],
      [alice.token, bob.id],
    ] as const) {
      expect(errorOf(await graphql(env.server, START, { token, variables: { input: { userId, body: 'hi' } } }))).toEqual({ message: CONVERSATION_MESSAGES.cannotMessage, code: 'FORBIDDEN' });
      expect(errorOf(await graphql(env.server, SEND, { token, variables: { input: { conversationId: conversation.id, body: 'hi' } } }))).toEqual({ message: CONVERSATION_MESSAGES.cannotMessage, code: 'FORBIDDEN' });
    }
    const bobsList = await graphql<{ conversations: { nodes: Array<{ viewerCan: { sendMessage: boolean; unblock: boolean } }> } }>(env.server, LIST, { token: bob.token });
    expect(bobsList.body.data!.conversations.nodes[0]!.viewerCan).toEqual({ sendMessage: false, unblock: false });
    const alicesList = await graphql<{ conversations: { nodes: Array<{ viewerCan: { sendMessage: boolean; unblock: boolean } }> } }>(env.server, LIST, { token: alice.token });
    expect(alicesList.body.data!.conversations.nodes[0]!.viewerCan).toEqual({ sendMessage: false, unblock: true });

    await graphql(env.server, UNBLOCK, { token: alice.token, variables: { input: { userId: bob.id } } });
    const sent = await graphql(env.server, SEND, { token: bob.token, variables: { input: { conversationId: conversation.id, body: 'Sorry' } } });
    expect(sent.body.errors).toBeUndefined();
  });

  it('limits accounts younger than a week to a number of new conversations a day; replies and older accounts are not limited', async () => {
    const fresh = await person({ createdAt: new Date() });
    const others = await Promise.all(Array.from({ length: NEW_ACCOUNT_DAILY_CONVERSATIONS + 1 }, () => person()));
    for (const other of others.slice(0, NEW_ACCOUNT_DAILY_CONVERSATIONS)) await start(fresh.token, other.id);
    const refused = await graphql(env.server, START, { token: fresh.token, variables: { input: { userId: others.at(-1)!.id, body: 'hi' } } });
    expect(errorOf(refused)).toEqual({ message: CONVERSATION_MESSAGES.dailyLimit, code: 'RATE_LIMITED' });
    // Writing again into an existing conversation is no new conversation.
    expect((await start(fresh.token, others[0]!.id, 'Following up')).created).toBe(false);

    const old = await person();
    for (const other of others) await start(old.token, other.id);
  });

  it('makes one conversation when two requests start it at once', async () => {
    const [alice, bob] = [await person(), await person()];
    // Both sides at once, several times each: the two people's rows are locked from both ends.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [alice, bob] : [bob, alice];
        return graphql<Started>(env.server, START, { token: from.token, variables: { input: { userId: to.id, body: `message ${index}` } } });
      }),
    );
    for (const answer of answers) expect(answer.body.errors).toBeUndefined();
    const ids = new Set(answers.map((answer) => answer.body.data!.startConversation.conversation.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.body.data!.startConversation.created)).toHaveLength(1);
    const [row] = await queryRows<{ n: number }>(env.database.url, 'select count(*)::int as n from conversations where (user_low_id, user_high_id) = ($1, $2)', [Math.min(alice.user.id, bob.user.id), Math.max(alice.user.id, bob.user.id)]);
    expect(row!.n).toBe(1);
  });
});

describe('context', () => {
  it('keeps one conversation per pair and job, apart from the plain one, and shows the job to both', async () => {
    const [brand, creator] = [await person(), await person()];
    const team = await createTeam(env.server.orm.em.fork(), [{ user: brand.user }]);
    const publicId = `Msg${uniqueSuffix()}`.slice(0, 10);
    const [job] = await queryRows<{ id: number }>(
      env.database.url,
      `insert into jobs (public_id, team_id, account_id, name, name_slug, role_ids, description, place_geohash, place_name, place_lat, place_lon, pay_min, pay_max, pay_currency, status, published_at)
       values ($1, $2, $3, 'Photographer', 'photographer', array[2]::smallint[], 'Shoot our lookbook.', 'eycs0p', 'Lisbon, Portugal', 38.72, -9.14, 200000, 350000, 'EUR', 'open', now()) returning id`,
      [publicId, team.id, brand.user.id],
    );
    const jobId = toGlobalId('Job', job!.id);
    const plain = await start(brand.token, creator.id, 'Hello');
    const aboutJob = await start(brand.token, creator.id, 'About the shoot', { jobId });
    expect(aboutJob.created).toBe(true);
    expect(aboutJob.conversation.id).not.toBe(plain.conversation.id);
    // The applicant answering from the job reuses it.
    const again = await start(creator.token, brand.id, 'Sure', { jobId });
    expect(again.conversation.id).toBe(aboutJob.conversation.id);
    const seen = await graphql<{ conversation: { job: { name: string } | null; project: unknown } }>(env.server, 'query($id: ID!) { conversation(id: $id) { job { name } project { id } } }', {
      token: creator.token,
      variables: { id: aboutJob.conversation.id },
    });
    expect(seen.body.data!.conversation).toEqual({ job: { name: 'Photographer' }, project: null });

    const both = await graphql(env.server, START, { token: brand.token, variables: { input: { userId: creator.id, body: 'x', jobId, projectId: toGlobalId('Project', 1) } } });
    expect(errorOf(both)?.message).toBe(CONVERSATION_MESSAGES.oneContext);
    const unseen = await graphql(env.server, START, { token: brand.token, variables: { input: { userId: creator.id, body: 'x', projectId: toGlobalId('Project', 999_999) } } });
    expect(errorOf(unseen)?.code).toBe('NOT_FOUND');
  });
});

describe('privacy', () => {
  it('lets nobody outside a conversation read it: conversation, node, messages, lists and sending', async () => {
    const [alice, bob, eve] = [await person(), await person(), await person()];
    const { conversation, message } = await start(alice.token, bob.id, 'Just for Bob');
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    for (const outsider of [eve, admin]) {
      const one = await graphql<{ conversation: unknown }>(env.server, ONE, { token: outsider.token, variables: { id: conversation.id } });
      expect(one.body.data!.conversation).toBeNull();
      for (const id of [conversation.id, message.id]) {
        const node = await graphql<{ node: unknown }>(env.server, NODE, { token: outsider.token, variables: { id } });
        expect(node.body.data!.node).toBeNull();
      }
      const nodes = await graphql<{ nodes: unknown[] }>(env.server, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { token: outsider.token, variables: { ids: [conversation.id, message.id] } });
      expect(nodes.body.data!.nodes).toEqual([null, null]);
      const list = await graphql<{ conversations: { totalCount: number } }>(env.server, LIST, { token: outsider.token });
      expect(list.body.data!.conversations.totalCount).toBe(0);
      expect(errorOf(await graphql(env.server, SEND, { token: outsider.token, variables: { input: { conversationId: conversation.id, body: 'hi' } } }))?.code).toBe('NOT_FOUND');
      expect(errorOf(await graphql(env.server, READ, { token: outsider.token, variables: { input: { conversationId: conversation.id } } }))?.code).toBe('NOT_FOUND');
    }
    // Signed out: nothing either.
    expect((await graphql<{ node: unknown }>(env.server, NODE, { variables: { id: conversation.id } })).body.data!.node).toBeNull();
    // The two people do read it through node.
    const own = await graphql<{ node: { body: string } }>(env.server, NODE, { token: bob.token, variables: { id: message.id } });
    expect(own.body.data!.node.body).toBe('Just for Bob');
  });

  it('mails the recipient of a new conversation a link into the app, never the sender’s address', async () => {
    const [brand, creator] = [await person(), await person()];
    const { conversation } = await start(brand.token, creator.id, 'Would you shoot our spring campaign?');
    // The mail queue may still be sending the dozens of mails this file's earlier tests started
    // (the sending limits'), one at a time: the mail is awaited as it arrives, for up to a minute.
    const received = await mail.waitForMail(creator.user.email!, { timeoutMs: 60_000 });
    expect(received.text).toContain(`/messages/${conversation.databaseId}`);
    // Messages mail by default, so the mail follows that preference and can be left with one click.
    expect(received.headers['list-unsubscribe']).toMatch(/\/unsubscribe\//);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received.subject).toContain(brand.user.name!);
    for (const part of [received.text, received.html, received.subject]) {
      expect(part).not.toContain(brand.user.email!);
      expect(part).not.toContain('spring campaign');
    }
    // A second message in the same conversation mails nothing more.
    await start(brand.token, creator.id, 'Following up');
    await start(creator.token, brand.id, 'Yes!');
    const [row] = await queryRows<{ n: number }>(env.database.url, "select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' in ($1, $2)", [creator.user.email, brand.user.email]);
    expect(row!.n).toBe(1);
  }, 90_000);

  it('mails nothing for a new conversation when the recipient keeps Messages in the app', async () => {
    const [brand, creator] = [await person(), await person()];
    await setNotificationDelivery(env.server.orm.em.fork(), creator.user.id, 'messages', 'in_app');
    await start(brand.token, creator.id, 'Are you free in May?');
    const [row] = await queryRows<{ n: number }>(env.database.url, "select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = $1", [creator.user.email]);
    expect(row!.n).toBe(0);
  });

  it('stores a report for the admins only', async () => {
    const [alice, bob] = [await person(), await person()];
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const { conversation } = await start(bob.token, alice.id, 'Buy followers now');
    const reported = await graphql(env.server, REPORT, { token: alice.token, variables: { input: { userId: bob.id, reason: 'Spam', conversationId: conversation.id } } });
    expect(reported.body.errors).toBeUndefined();
    const REPORTS = 'query { userReports(first: 100) { nodes { id reason reporter { id } reported { id } } } }';
    const seen = await graphql<{ userReports: { nodes: Array<{ id: string; reason: string; reporter: { id: string }; reported: { id: string } }> } }>(env.server, REPORTS, { token: admin.token });
    const report = seen.body.data!.userReports.nodes.find((row) => row.reported.id === bob.id);
    expect(report).toMatchObject({ reason: 'Spam', reporter: { id: alice.id } });
    expect(errorOf(await graphql(env.server, REPORTS, { token: alice.token }))?.code).toBe('NOT_FOUND');
    expect((await graphql<{ node: unknown }>(env.server, NODE, { token: alice.token, variables: { id: report!.id } })).body.data!.node).toBeNull();
  });
});

describe('unread counts', () => {
  it('counts conversations with unread messages, lowered by reading, and lists newest activity first', async () => {
    const [me, a, b] = [await person(), await person(), await person()];
    const withA = await start(a.token, me.id, 'from a');
    const withB = await start(b.token, me.id, 'from b');
    expect(await unread(me.token)).toEqual({ viewer: 2, counts: 2 });
    expect(await unread(a.token)).toEqual({ viewer: 0, counts: 0 });

    const list = await graphql<{ conversations: { totalCount: number; nodes: Array<{ id: string; unread: boolean; lastMessage: { body: string }; participants: Array<{ id: string }> }> } }>(env.server, LIST, { token: me.token });
    expect(list.body.data!.conversations.nodes.map((row) => [row.id, row.unread, row.lastMessage.body])).toEqual([
      [withB.conversation.id, true, 'from b'],
      [withA.conversation.id, true, 'from a'],
    ]);
    expect(list.body.data!.conversations.nodes[0]!.participants.map((p) => p.id).sort()).toEqual([me.id, b.id].sort());

    const read = await graphql<{ markConversationRead: { unreadConversationCount: number; conversation: { unread: boolean } } }>(env.server, READ, { token: me.token, variables: { input: { conversationId: withA.conversation.id } } });
    expect(read.body.data!.markConversationRead).toEqual({ unreadConversationCount: 1, conversation: { unread: false } });
    // Answering moves that conversation to the top and leaves it read for the one who answered.
    await graphql(env.server, SEND, { token: me.token, variables: { input: { conversationId: withA.conversation.id, body: 'hi a' } } });
    const after = await graphql<{ conversations: { nodes: Array<{ id: string; unread: boolean }> } }>(env.server, LIST, { token: me.token, variables: { first: 1 } });
    expect(after.body.data!.conversations.nodes).toEqual([expect.objectContaining({ id: withA.conversation.id, unread: false })]);
    expect(await unread(me.token)).toEqual({ viewer: 1, counts: 1 });
    expect(await unread(a.token)).toEqual({ viewer: 1, counts: 1 });
  });

  it('sends the unread conversation count live on the notification count subscription', async () => {
    const [me, other] = [await person(), await person()];
    const client = createClient({ url: `${env.server.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authToken: me.token }, retryAttempts: 0 });
    clients.push(client);
    const received: unknown[] = [];
    let wake: (() => void) | null = null;
    client.subscribe({ query: 'subscription { notificationCounts { new unreadConversations } }' }, { next: (value) => (received.push(value), wake?.()), error: () => undefined, complete: () => undefined });
    const nth = async (count: number) => {
      while (received.length < count) await new Promise<void>((resolve) => (wake = resolve));
      return received[count - 1];
    };
    expect(await nth(1)).toEqual({ data: { notificationCounts: { new: 0, unreadConversations: 0 } } });
    const { conversation } = await start(other.token, me.id, 'ping');
    expect(await nth(2)).toEqual({ data: { notificationCounts: { new: 0, unreadConversations: 1 } } });
    await graphql(env.server, READ, { token: me.token, variables: { input: { conversationId: conversation.id } } });
    expect(await nth(3)).toEqual({ data: { notificationCounts: { new: 0, unreadConversations: 0 } } });
  });
});
