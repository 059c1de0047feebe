import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES, MESSAGES_PER_MINUTE, NEW_ACCOUNT_DAILY_MESSAGES } from '../../../../domain/conversations.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';

/*
 * The per-sender message limits (docs/product.md §Messages). The limits count the sender's rows,
 * so a test writes the rows a burst would have left (dated as it needs) instead of sending and
 * waiting: no test here sleeps.
 */
const env = useTestServer();

const START = `mutation($input: StartConversationInput!) { startConversation(input: $input) { conversation { id databaseId } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { body } } }`;

async function person(ageDays = 30): Promise<{ userId: number; token: string; id: string }> {
  const user = await createUser(env.server.orm.em.fork(), { createdAt: new Date(Date.now() - ageDays * 86_400_000) });
  return { userId: user.id, token: env.server.tokenFor(user.id), id: toGlobalId('User', user.id) };
}

function errorOf(response: GraphQLResponse): { message: string; code: unknown } | undefined {
  const error = response.body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

async function conversationBetween(from: { token: string }, to: { id: string }): Promise<{ id: string; databaseId: number }> {
  const response = await graphql<{ startConversation: { conversation: { id: string; databaseId: number } } }>(env.server, START, { token: from.token, variables: { input: { userId: to.id, body: 'Hello' } } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.startConversation.conversation;
}

/** Rows as if the sender had written `count` messages `secondsAgo` ago. */
async function backfill(conversationId: number, senderId: number, count: number, secondsAgo: number): Promise<void> {
  await queryRows(
    env.database.url,
    `insert into messages (conversation_id, sender_id, body, created_at) select $1, $2, 'earlier', now() - make_interval(secs => $4) from generate_series(1, $3)`,
    [conversationId, senderId, count, secondsAgo],
  );
}

async function send(token: string, conversationId: string, body = 'One more'): Promise<GraphQLResponse> {
  return graphql(env.server, SEND, { token, variables: { input: { conversationId, body } } });
}

describe('message sending limits', () => {
  it(`refuses the ${MESSAGES_PER_MINUTE + 1}st message in a minute, in any conversation, and lets the sender go on a minute later`, async () => {
    const [sender, a, b] = [await person(), await person(), await person()];
    const withA = await conversationBetween(sender, a);
    // The first message counts too: one short of the limit in all.
    await backfill(withA.databaseId, sender.userId, MESSAGES_PER_MINUTE - 2, 5);
    expect((await send(sender.token, withA.id)).body.errors).toBeUndefined();

    expect(errorOf(await send(sender.token, withA.id))).toEqual({ message: CONVERSATION_MESSAGES.minuteMessageLimit, code: 'RATE_LIMITED' });
    // Starting a conversation is a message too; the other side is not held back by the sender's burst.
    expect(errorOf(await graphql(env.server, START, { token: sender.token, variables: { input: { userId: b.id, body: 'hi' } } }))).toEqual({ message: CONVERSATION_MESSAGES.minuteMessageLimit, code: 'RATE_LIMITED' });
    expect((await send(a.token, withA.id, 'Slow down')).body.errors).toBeUndefined();
    const [kept] = await queryRows<{ n: number }>(env.database.url, 'select count(*)::int as n from messages where sender_id = $1', [sender.userId]);
    expect(kept!.n).toBe(MESSAGES_PER_MINUTE);

    // A minute later the same messages no longer count.
    await queryRows(env.database.url, `update messages set created_at = now() - interval '61 seconds' where sender_id = $1`, [sender.userId]);
    expect((await send(sender.token, withA.id)).body.errors).toBeUndefined();
  });

  it(`holds an account younger than a week to ${NEW_ACCOUNT_DAILY_MESSAGES} messages in any 24 hours; an older one is not`, async () => {
    const [fresh, older, other] = [await person(0), await person(8), await person()];
    const freshConversation = await conversationBetween(fresh, other);
    const olderConversation = await conversationBetween(older, other);
    // Spread over the day, well outside the last minute.
    await backfill(freshConversation.databaseId, fresh.userId, NEW_ACCOUNT_DAILY_MESSAGES - 1, 3600);
    await backfill(olderConversation.databaseId, older.userId, NEW_ACCOUNT_DAILY_MESSAGES, 3600);

    expect(errorOf(await send(fresh.token, freshConversation.id))).toEqual({ message: CONVERSATION_MESSAGES.dailyMessageLimit, code: 'RATE_LIMITED' });
    expect((await send(older.token, olderConversation.id)).body.errors).toBeUndefined();

    // Messages older than a day leave the count.
    await queryRows(env.database.url, `update messages set created_at = now() - interval '25 hours' where sender_id = $1 and body = 'earlier'`, [fresh.userId]);
    expect((await send(fresh.token, freshConversation.id)).body.errors).toBeUndefined();
  });

  it('lets only the allowed number through when a sender fires many at once', async () => {
    const [sender, other] = [await person(), await person()];
    const conversation = await conversationBetween(sender, other);
    await backfill(conversation.databaseId, sender.userId, MESSAGES_PER_MINUTE - 4, 5);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => send(sender.token, conversation.id, `burst ${index}`)));
    expect(answers.filter((answer) => answer.body.errors === undefined)).toHaveLength(3);
    expect(answers.filter((answer) => errorOf(answer)?.code === 'RATE_LIMITED')).toHaveLength(3);
  });
});
