import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer } from '../../test-support/test-server.js';
import { notifyUser, sendDailyDigests, setNotificationDelivery } from '../notifications/index.js';
import type { User } from '../users/index.js';
import { messagesDigestSection } from './index.js';

/* Unread messages in the daily digest (docs/product.md §Messages, "Mail"). */
const { env, mail } = useMailingTestServer();
const em = () => env.server.orm.em.fork();
const mailConfig = () => ({ publicUrl: env.server.config.publicUrl, jwtSecret: env.server.config.jwtSecret, unsubscribeMailto: null });
const digest = () => sendDailyDigests(em(), env.server.queue.boss, mailConfig(), [messagesDigestSection]);

const START = `mutation($input: StartConversationInput!) { startConversation(input: $input) { conversation { id databaseId } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }`;
const READ = `mutation($input: MarkConversationReadInput!) { markConversationRead(input: $input) { unreadConversationCount } }`;

async function person(): Promise<{ user: User; token: string; id: string }> {
  const user = await createUser(em(), { createdAt: new Date(Date.now() - 30 * 86_400_000) });
  return { user, token: env.server.tokenFor(user.id), id: toGlobalId('User', user.id) };
}

async function write(from: { token: string }, to: { id: string }, body: string): Promise<{ id: string; databaseId: number }> {
  const response = await graphql<{ startConversation: { conversation: { id: string; databaseId: number } } }>(env.server, START, { token: from.token, variables: { input: { userId: to.id, body } } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.startConversation.conversation;
}

/** The next UTC day, as far as the digest's once-a-day claim can tell. */
async function nextDay(userId: number): Promise<void> {
  await queryRows(env.database.url, `update notification_digests set sent_on = sent_on - 1 where user_id = $1`, [userId]);
}

function digestsTo(address: string): number {
  return mail.messages.filter((message) => message.to.includes(address.toLowerCase()) && /digest/.test(message.subject)).length;
}

describe('messages in the daily digest', () => {
  it('carries unread conversations once: who wrote, how many, the link; never the text or an address', async () => {
    const [me, ann, ben, cat] = [await person(), await person(), await person(), await person()];
    await setNotificationDelivery(em(), me.user.id, 'messages', 'digest');
    const withAnn = await write(ann, me, 'Secret plans for May');
    await graphql(env.server, SEND, { token: ann.token, variables: { input: { conversationId: withAnn.id, body: 'Any news?' } } });
    const withBen = await write(ben, me, 'Hi from Ben');
    // Read before the digest: nothing to tell.
    const withCat = await write(cat, me, 'Already seen');
    await graphql(env.server, READ, { token: me.token, variables: { input: { conversationId: withCat.id } } });
    // "By mail at once" (the default) got its one mail when the conversation started, not a digest.
    const mailedAtOnce = await person();
    await write(ann, mailedAtOnce, 'Hello');

    // Two workers at once, then a rerun: one digest.
    const [a, b] = await Promise.all([digest(), digest()]);
    expect(a + b).toBe(1);
    expect(await digest()).toBe(0);
    const sent = await mail.waitForMail(me.user.email!, { subject: /digest: 2 unread conversations/ });
    expect(sent.text).toContain(`${ann.user.name} sent you 2 messages: ${env.server.config.publicUrl.replace(/\/$/, '')}/messages/${withAnn.databaseId}`);
    expect(sent.text).toContain(`${ben.user.name} sent you a message:`);
    expect(sent.text).toContain(`/messages/${withBen.databaseId}`);
    expect(sent.text).not.toContain(cat.user.name!);
    expect(sent.text).toContain('Read your messages');
    expect(sent.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    for (const part of [sent.text, sent.html, sent.subject]) {
      for (const secret of ['Secret plans', 'Any news', 'Hi from Ben', ann.user.email!, ben.user.email!]) expect(part).not.toContain(secret);
    }
    expect(digestsTo(mailedAtOnce.user.email!)).toBe(0);

    // The next day: only what came since, and the same messages are never carried twice.
    await nextDay(me.user.id);
    expect(await digest()).toBe(0);
    await graphql(env.server, SEND, { token: ben.token, variables: { input: { conversationId: withBen.id, body: 'Still there?' } } });
    expect(await digest()).toBe(1);
    const second = await mail.waitForMail(me.user.email!, { subject: /digest: 1 unread conversation$/ });
    expect(second.text).toContain(`${ben.user.name} sent you a message:`);
    expect(second.text).not.toContain(ann.user.name!);
    expect(digestsTo(me.user.email!)).toBe(2);
  });

  it('puts messages beside waiting notifications in the one digest of the day', async () => {
    const [me, ann] = [await person(), await person()];
    await setNotificationDelivery(em(), me.user.id, 'messages', 'digest');
    await setNotificationDelivery(em(), me.user.id, 'credits', 'digest');
    await notifyUser(em(), me.user.id, { kind: 'credit_added', message: 'Maya credited you as 📷 Photographer', link: '/posts/9' });
    await write(ann, me, 'Hello');
    expect(await digest()).toBe(1);
    const sent = await mail.waitForMail(me.user.email!, { subject: /digest: 1 notification, 1 unread conversation/ });
    expect(sent.text).toContain('Maya credited you as 📷 Photographer');
    expect(sent.text).toContain('Messages:');
    expect(sent.text).toContain(`${ann.user.name} sent you a message:`);
    expect(sent.text).toContain('See all notifications');
  });

  it('leaves out what came before the digest was chosen, and sends nothing once the digest is turned off', async () => {
    const [me, ann, ben] = [await person(), await person(), await person()];
    await setNotificationDelivery(em(), me.user.id, 'messages', 'in_app');
    await write(ann, me, 'Before the digest');
    await setNotificationDelivery(em(), me.user.id, 'messages', 'digest');
    expect(await digest()).toBe(0);
    // No day used up by a digest that had nothing to say.
    expect(await queryRows(env.database.url, `select 1 from notification_digests where user_id = $1`, [me.user.id])).toEqual([]);

    await setNotificationDelivery(em(), me.user.id, 'messages', 'in_app');
    await write(ben, me, 'After');
    expect(await digest()).toBe(0);
    expect(digestsTo(me.user.email!)).toBe(0);
  });
});
