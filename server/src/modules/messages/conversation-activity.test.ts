import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

/* The live conversation list (docs/product.md §Messages): who hears of a message, and what. */
const env = useTestServer();
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.dispose();
});

const START = `mutation($input: StartConversationInput!) { startConversation(input: $input) { conversation { id } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }`;
const ACTIVITY = `subscription { conversationActivity { id unread otherParticipant { id } lastMessage { body fromViewer } } }`;

interface Activity {
  id: string;
  unread: boolean;
  otherParticipant: { id: string };
  lastMessage: { body: string; fromViewer: boolean };
}

async function person_(): Promise<{ token: string; id: string }> {
  const user = await createUser(env.server.orm.em.fork());
  return { token: env.server.tokenFor(user.id), id: toGlobalId('User', user.id) };
}

/** A subscriber's events as they come, and a way to wait for one. */
function listen(token: string | null): { received: unknown[]; waitFor(match: (event: unknown) => boolean): Promise<unknown> } {
  const client = createClient({ url: `${env.server.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: token ? { authToken: token } : {}, retryAttempts: 0 });
  clients.push(client);
  const received: unknown[] = [];
  let wake: (() => void) | null = null;
  client.subscribe({ query: ACTIVITY }, { next: (value) => (received.push(value), wake?.()), error: (error) => (received.push({ error }), wake?.()), complete: () => undefined });
  return {
    received,
    async waitFor(match) {
      for (;;) {
        const found = received.find(match);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

function activity(event: unknown): Activity | undefined {
  return (event as { data?: { conversationActivity?: Activity } }).data?.conversationActivity;
}

const about = (conversationId: string, body: string) => (event: unknown) => activity(event)?.id === conversationId && activity(event)?.lastMessage.body === body;

/**
 * The subscription answers nothing until a message comes, so a test cannot tell when the server
 * holds it: a helper writes to the person until the first of those messages arrives.
 */
async function held(listener: ReturnType<typeof listen>, person: { id: string }): Promise<void> {
  const helper = await person_();
  const first = await graphql<{ startConversation: { conversation: { id: string } } }>(env.server, START, { token: helper.token, variables: { input: { userId: person.id, body: 'warm-up' } } });
  const conversationId = first.body.data!.startConversation.conversation.id;
  await expect
    .poll(
      async () => {
        if (listener.received.length === 0) await graphql(env.server, SEND, { token: helper.token, variables: { input: { conversationId, body: 'warm-up' } } });
        return listener.received.length;
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBeGreaterThan(0);
}

describe('conversation activity', () => {
  it('tells both people, on every tab, of each message with its newest text; nobody else', async () => {
    const [me, other, eve] = [await person_(), await person_(), await person_()];
    const [mine, othersTab, eves] = [listen(me.token), listen(other.token), listen(eve.token)];
    await Promise.all([held(mine, me), held(othersTab, other), held(eves, eve)]);

    const started = await graphql<{ startConversation: { conversation: { id: string } } }>(env.server, START, { token: other.token, variables: { input: { userId: me.id, body: 'Free on Friday?' } } });
    const conversationId = started.body.data!.startConversation.conversation.id;
    expect(activity(await mine.waitFor(about(conversationId, 'Free on Friday?')))).toEqual({ id: conversationId, unread: true, otherParticipant: { id: other.id }, lastMessage: { body: 'Free on Friday?', fromViewer: false } });
    // The sender's own tab hears of it too, as the sender sees it.
    expect(activity(await othersTab.waitFor(about(conversationId, 'Free on Friday?')))).toMatchObject({ unread: false, otherParticipant: { id: me.id }, lastMessage: { fromViewer: true } });

    // Sent by me from another tab: this one hears of it, read for me, my words on top.
    await graphql(env.server, SEND, { token: me.token, variables: { input: { conversationId, body: 'Yes, after 3' } } });
    expect(activity(await mine.waitFor(about(conversationId, 'Yes, after 3')))).toEqual({ id: conversationId, unread: false, otherParticipant: { id: other.id }, lastMessage: { body: 'Yes, after 3', fromViewer: true } });
    expect(activity(await othersTab.waitFor(about(conversationId, 'Yes, after 3')))).toMatchObject({ unread: true, lastMessage: { fromViewer: false } });

    // Eve heard of none of it: what she hears next is her own conversation, and only ever hers.
    const hers = await graphql<{ startConversation: { conversation: { id: string } } }>(env.server, START, { token: other.token, variables: { input: { userId: eve.id, body: 'Hi Eve' } } });
    await eves.waitFor(about(hers.body.data!.startConversation.conversation.id, 'Hi Eve'));
    expect(eves.received.filter((event) => activity(event)?.id === conversationId)).toEqual([]);
  });

  it('refuses the signed-out', async () => {
    const signedOut = listen(null);
    expect(JSON.stringify(await signedOut.waitFor(() => true))).toContain('UNAUTHENTICATED');
  });
});
