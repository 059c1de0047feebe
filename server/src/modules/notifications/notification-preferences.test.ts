import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_DELIVERY, NOTIFICATION_PREFERENCE_KINDS } from '../../../../domain/notification-preferences.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer } from '../../test-support/test-server.js';
import { callApi } from '../auth/index.js';
import { sendDailyDigests, sendOwedNotificationMails, setNotificationDelivery, unsubscribeHeaders, unsubscribeToken } from './index.js';
import { notifyUser } from './notification.service.js';

const { env, mail } = useMailingTestServer();
const em = () => env.server.orm.em.fork();
const mailConfig = () => ({ publicUrl: env.server.config.publicUrl, jwtSecret: env.server.config.jwtSecret, unsubscribeMailto: null });

const PREFERENCES = `query { viewer { notificationPreferences { kind delivery isDefault } } }`;
const UPDATE = `mutation ($input: UpdateNotificationPreferenceInput!) { updateNotificationPreference(input: $input) { notificationPreference { kind delivery isDefault } } }`;

async function notificationCount(userId: number, kind: string): Promise<number> {
  const rows = await queryRows<{ count: string }>(env.server.databaseUrl, `select count(*) from notifications where user_id = $1 and kind = $2`, [userId, kind]);
  return Number(rows[0]!.count);
}

describe('notification preferences', () => {
  it('lists every kind with its default to the viewer only, and stores a change (a default leaves no row)', async () => {
    const [person, other] = [await createUser(em()), await createUser(em())];
    const listed = await graphql<{ viewer: { notificationPreferences: Array<{ kind: string; delivery: string; isDefault: boolean }> } }>(env.server, PREFERENCES, { token: env.server.tokenFor(person.id) });
    expect(listed.body.data?.viewer.notificationPreferences).toEqual(NOTIFICATION_PREFERENCE_KINDS.map((kind) => ({ kind: kind.toUpperCase(), delivery: DEFAULT_NOTIFICATION_DELIVERY[kind].toUpperCase(), isDefault: true })));

    const changed = await graphql(env.server, UPDATE, { token: env.server.tokenFor(person.id), variables: { input: { kind: 'MILESTONES', delivery: 'OFF' } } });
    expect(changed.body.data).toEqual({ updateNotificationPreference: { notificationPreference: { kind: 'MILESTONES', delivery: 'OFF', isDefault: false } } });
    const rows = () => queryRows(env.server.databaseUrl, `select kind, delivery from notification_preferences where user_id = $1`, [person.id]);
    expect(await rows()).toEqual([{ kind: 'milestones', delivery: 'off' }]);
    await graphql(env.server, UPDATE, { token: env.server.tokenFor(person.id), variables: { input: { kind: 'MILESTONES', delivery: 'DIGEST' } } });
    expect(await rows()).toEqual([]);

    const othersView = await graphql(env.server, `query ($id: ID!) { node(id: $id) { ... on User { notificationPreferences { kind } } } }`, { token: env.server.tokenFor(other.id), variables: { id: toGlobalId('User', person.id) } });
    expect(othersView.body).toEqual({ data: { node: { notificationPreferences: null } } });
    const signedOut = await graphql(env.server, UPDATE, { variables: { input: { kind: 'CREDITS', delivery: 'OFF' } } });
    expect(signedOut.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('Off keeps no notification at all; In the app keeps it and mails nothing', async () => {
    const person = await createUser(em());
    await setNotificationDelivery(em(), person.id, 'jobs', 'off');
    expect(await notifyUser(em(), person.id, { kind: 'job_closed', message: 'A job closed', link: '/jobs' })).toBeNull();
    expect(await notificationCount(person.id, 'job_closed')).toBe(0);

    await setNotificationDelivery(em(), person.id, 'jobs', 'in_app');
    await notifyUser(em(), person.id, { kind: 'job_closed', message: 'Another job closed', link: '/jobs' });
    expect(await notificationCount(person.id, 'job_closed')).toBe(1);
    expect(await sendOwedNotificationMails(em(), env.server.queue.boss, mailConfig())).toBe(0);
    // Kinds outside the preferences (an import done) always show.
    await setNotificationDelivery(em(), person.id, 'credits', 'off');
    await notifyUser(em(), person.id, { kind: 'post_imported', message: 'Your post is ready.', link: '/posts/1' });
    expect(await notificationCount(person.id, 'post_imported')).toBe(1);
  });

  it('mails a "by mail at once" kind with both one-click unsubscribe headers, which work signed out, twice, and not forged', async () => {
    const person = await createUser(em());
    await notifyUser(em(), person.id, { kind: 'credit_accepted', message: 'Maya accepted your credit as 🎬 Director', link: '/posts/7' });
    const sent = await mail.waitForMail(person.email!, { subject: /accepted your credit/ });
    expect(sent.text).toContain(`${env.server.config.publicUrl}/posts/7`);
    const token = unsubscribeToken(env.server.config.jwtSecret, person.id, 'credits');
    expect(sent.headers['list-unsubscribe']).toBe(`<${env.server.config.publicUrl}/unsubscribe/${token}>`);
    expect(sent.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(sent.text).toContain(`Unsubscribe: ${env.server.config.publicUrl}/unsubscribe/${token}`);

    // GET only shows what the link turns off: mail scanners open links.
    const page = await fetch(`${env.server.url}/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from Credits mails?');
    const stored = () => queryRows(env.server.databaseUrl, `select kind, delivery from notification_preferences where user_id = $1`, [person.id]);
    expect(await stored()).toEqual([]);

    const oneClick = () => fetch(`${env.server.url}/unsubscribe/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Credits mails are turned off');
    expect(await stored()).toEqual([{ kind: 'credits', delivery: 'in_app' }]);
    expect((await oneClick()).status).toBe(200);
    expect(await stored()).toEqual([{ kind: 'credits', delivery: 'in_app' }]);

    const forged = `${person.id}.projects.${token.split('.')[2]}`;
    const refused = await fetch(`${env.server.url}/unsubscribe/${forged}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(refused.status).toBe(404);
    expect((await fetch(`${env.server.url}/unsubscribe/${person.id + 1}.credits.${token.split('.')[2]}`)).status).toBe(404);
    expect(await stored()).toEqual([{ kind: 'credits', delivery: 'in_app' }]);

    // Now in the app only: the next credit news is not mailed.
    await notifyUser(em(), person.id, { kind: 'credit_accepted', message: 'Ana accepted your credit', link: '/posts/8' });
    expect(await sendOwedNotificationMails(em(), env.server.queue.boss, mailConfig())).toBe(0);
  });

  it('never puts unsubscribe headers on transactional mail (a sign-up code)', async () => {
    const address = `signup.${Date.now()}@example.test`;
    const asked = await callApi(env.server, 'PUT', '/users/verify', { body: { email: address } });
    expect(asked.status).toBe(200);
    const sent = await mail.waitForMail(address, { subject: /code/ });
    expect(sent.headers['list-unsubscribe']).toBeUndefined();
    expect(sent.headers['list-unsubscribe-post']).toBeUndefined();
  });

  it('sends the daily digest once however often the job runs, and under two workers at once', async () => {
    const person = await createUser(em());
    await setNotificationDelivery(em(), person.id, 'credits', 'digest');
    await notifyUser(em(), person.id, { kind: 'credit_added', message: 'Maya credited you as 📷 Photographer', link: '/posts/9' });
    await notifyUser(em(), person.id, { kind: 'milestone', message: 'Your post reached 1,000 views', link: '/posts/9' });

    const boss = env.server.queue.boss;
    const [a, b] = await Promise.all([sendDailyDigests(em(), boss, mailConfig()), sendDailyDigests(em(), boss, mailConfig())]);
    expect(a + b).toBe(1);
    expect(await sendDailyDigests(em(), boss, mailConfig())).toBe(0);
    const digest = await mail.waitForMail(person.email!, { subject: /digest: 2 notifications/ });
    expect(digest.text).toContain('Maya credited you as 📷 Photographer');
    expect(digest.text).toContain('Your post reached 1,000 views');
    expect(digest.headers['list-unsubscribe']).toContain(`/unsubscribe/${unsubscribeToken(env.server.config.jwtSecret, person.id, 'digest')}>`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Something new the same day waits for tomorrow's digest.
    await notifyUser(em(), person.id, { kind: 'milestone', message: 'Your post reached 10,000 views', link: '/posts/9' });
    expect(await sendDailyDigests(em(), boss, mailConfig())).toBe(0);
    expect(await queryRows(env.server.databaseUrl, `select items from notification_digests where user_id = $1`, [person.id])).toEqual([{ items: 2 }]);
    expect(mail.messages.filter((message) => message.to.includes(person.email!.toLowerCase()) && /digest/.test(message.subject))).toHaveLength(1);
  });

  it('names the mailto form too when an operator configured one', () => {
    const config = { publicUrl: 'https://byline.example/', jwtSecret: 'a-secret-long-enough-for-the-test', unsubscribeMailto: 'unsubscribe@byline.example' };
    const token = unsubscribeToken(config.jwtSecret, 5, 'credits');
    expect(unsubscribeHeaders(config, 5, 'credits')).toEqual({
      'List-Unsubscribe': `<https://byline.example/unsubscribe/${token}>, <mailto:unsubscribe@byline.example?subject=unsubscribe%20${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
