import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer } from '../../test-support/test-server.js';
import { setNotificationDelivery, unsubscribeToken } from '../notifications/index.js';
import { deliverAnnouncement, deliverAnnouncementBatch } from './index.js';

/** Product news (docs/product.md §Product news). */
const { env, mail } = useMailingTestServer();
const em = () => env.server.orm.em.fork();

const PREVIEW = 'query ($input: AnnouncementDraftInput!) { announcementPreview(input: $input) { title bodyHtml link } }';
const SEND = 'mutation ($input: SendAnnouncementInput!) { sendAnnouncement(input: $input) { announcement { id databaseId title status reachedCount } } }';
const LIST = '{ announcements(first: 10) { totalCount nodes { databaseId title status reachedCount sentAt } } }';
const MY_NEWS = '{ notifications(first: 20) { nodes { kind message link announcement { title bodyHtml link } } } }';

const as = (userId: number, query: string, variables: Record<string, unknown> = {}) => graphql<Record<string, unknown>>(env.server, query, { token: env.server.tokenFor(userId), variables });

function productNewsOf(userId: number): Promise<Array<{ announcement_id: number; mail_delivery: string | null }>> {
  return queryRows(env.server.databaseUrl, `select announcement_id, mail_delivery from notifications where user_id = $1 and kind = 'product_news' order by id`, [userId]);
}

async function reachedCount(announcementId: number): Promise<{ status: string; reached_count: number }> {
  const [row] = await queryRows<{ status: string; reached_count: number }>(env.server.databaseUrl, `select status, reached_count from announcements where id = $1`, [announcementId]);
  return row!;
}

/** Waits for the queue job to finish delivering (it runs on the test server's own worker). */
async function sent(announcementId: number): Promise<void> {
  await expect.poll(async () => (await reachedCount(announcementId)).status, { timeout: 15_000, interval: 100 }).toBe('sent');
}

describe('product news', () => {
  it('is for admins only: previews, sending, the list and node(id:) answer everyone else "not found"', async () => {
    const [person, admin] = [await createUser(em()), await createUser(em(), { roleFlags: [RoleFlag.admin] })];
    const draft = { title: 'Teams are here', body: 'Hello', link: null };
    for (const [query, variables] of [
      [PREVIEW, { input: draft }],
      [SEND, { input: { announcement: draft } }],
      [LIST, {}],
    ] as const) {
      const refused = await as(person.id, query, variables);
      expect(refused.body.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
      const signedOut = await graphql(env.server, query, { variables });
      expect(signedOut.body.errors?.[0]?.extensions?.code, query).toMatch(/NOT_FOUND|UNAUTHENTICATED/);
    }
    expect(await queryRows(env.server.databaseUrl, `select id from announcements where title = 'Teams are here'`)).toEqual([]);

    const preview = await as(admin.id, PREVIEW, { input: { title: '  Teams are here ', body: '# Big news\n\n<script>alert(1)</script> **now**', link: '/teams' } });
    expect(preview.body.data).toEqual({ announcementPreview: { title: 'Teams are here', bodyHtml: expect.stringContaining('<h2>Big news</h2>'), link: '/teams' } });
    const html = (preview.body.data as { announcementPreview: { bodyHtml: string } }).announcementPreview.bodyHtml;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; <strong>now</strong>');
    const bad = await as(admin.id, PREVIEW, { input: { title: '', body: 'x', link: 'javascript:alert(1)' } });
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'An announcement needs a title.', extensions: { code: 'BAD_USER_INPUT' } });
    const badLink = await as(admin.id, PREVIEW, { input: { title: 'T', body: 'x', link: 'javascript:alert(1)' } });
    expect(badLink.body.errors?.[0]?.message).toBe('The link must be a path on Byline (starting with /) or an https:// address.');

    const made = await as(admin.id, SEND, { input: { announcement: { title: 'Only admins', body: 'See?', link: null } } });
    const id = (made.body.data as { sendAnnouncement: { announcement: { id: string; databaseId: number } } }).sendAnnouncement.announcement;
    expect((await as(person.id, `query ($id: ID!) { node(id: $id) { id } }`, { id: id.id })).body.data).toEqual({ node: null });
    expect((await as(admin.id, `query ($id: ID!) { node(id: $id) { ... on Announcement { title } } }`, { id: toGlobalId('Announcement', id.databaseId) })).body.data).toEqual({ node: { title: 'Only admins' } });
    await sent(id.databaseId);
  });

  it('reaches every account as its Product news preference says, and the list says how many it reached', async () => {
    const admin = await createUser(em(), { roleFlags: [RoleFlag.admin] });
    const [byDefault, atOnce, digest, off] = [await createUser(em()), await createUser(em()), await createUser(em()), await createUser(em())];
    await setNotificationDelivery(em(), atOnce.id, 'product_news', 'mail_now');
    await setNotificationDelivery(em(), digest.id, 'product_news', 'digest');
    await setNotificationDelivery(em(), off.id, 'product_news', 'off');
    const accounts = Number((await queryRows<{ count: string }>(env.server.databaseUrl, `select count(*) from users`))[0]!.count);
    const offAccounts = Number((await queryRows<{ count: string }>(env.server.databaseUrl, `select count(*) from notification_preferences where kind = 'product_news' and delivery = 'off'`))[0]!.count);

    const made = await as(admin.id, SEND, { input: { announcement: { title: 'Messages are here', body: 'Write to **anyone**.', link: '/messages' } } });
    const { databaseId } = (made.body.data as { sendAnnouncement: { announcement: { databaseId: number; status: string } } }).sendAnnouncement.announcement;
    expect(made.body.data).toMatchObject({ sendAnnouncement: { announcement: { status: 'SENDING' } } });
    await sent(databaseId);

    expect(await productNewsOf(byDefault.id)).toEqual([{ announcement_id: databaseId, mail_delivery: null }]);
    expect(await productNewsOf(digest.id)).toEqual([{ announcement_id: databaseId, mail_delivery: 'digest' }]);
    expect(await productNewsOf(off.id)).toEqual([]);
    const mailed = await mail.waitForMail(atOnce.email!, { subject: /Messages are here/ });
    expect(mailed.text).toContain(`${env.server.config.publicUrl.replace(/\/+$/, '')}/messages`);
    expect(mailed.text).toContain('You get this mail because your Product news notifications are set to “By mail at once”.');
    expect(mailed.headers['list-unsubscribe']).toBe(`<${env.server.config.publicUrl}/unsubscribe/${unsubscribeToken(env.server.config.jwtSecret, atOnce.id, 'product_news')}>`);
    expect(mailed.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.messages.some((message) => message.to.includes(byDefault.email!.toLowerCase()))).toBe(false);

    // Accounts made by other test files meanwhile are told too; the count is everyone told.
    const told = Number((await queryRows<{ count: string }>(env.server.databaseUrl, `select count(*) from notifications where announcement_id = $1`, [databaseId]))[0]!.count);
    expect(told).toBeGreaterThanOrEqual(accounts - offAccounts);
    const listed = await as(admin.id, LIST);
    expect((listed.body.data as { announcements: { nodes: Array<{ databaseId: number; status: string; reachedCount: number; sentAt: string | null }> } }).announcements.nodes).toContainEqual({
      databaseId,
      title: 'Messages are here',
      status: 'SENT',
      reachedCount: told,
      sentAt: expect.any(String),
    });

    const news = await as(byDefault.id, MY_NEWS);
    expect((news.body.data as { notifications: { nodes: unknown[] } }).notifications.nodes).toContainEqual({
      kind: 'PRODUCT_NEWS',
      message: 'Messages are here',
      link: '/messages',
      announcement: { title: 'Messages are here', bodyHtml: '<p>Write to <strong>anyone</strong>.</p>\n', link: '/messages' },
    });
  });

  it('tells each account once when two workers deliver the same announcement at the same time, or again later', async () => {
    const admin = await createUser(em(), { roleFlags: [RoleFlag.admin] });
    const people = [await createUser(em()), await createUser(em()), await createUser(em())];
    // Stored directly (no job): the two deliveries here are the only workers on it.
    const [row] = await queryRows<{ id: number }>(env.server.databaseUrl, `insert into announcements (title, body, created_by_id) values ('Twice?', 'Once.', $1) returning id`, [admin.id]);
    const announcementId = Number(row!.id);
    await Promise.all([deliverAnnouncement(em(), announcementId, 7), deliverAnnouncement(em(), announcementId, 5)]);
    await deliverAnnouncement(em(), announcementId, 5);
    expect(await deliverAnnouncementBatch(em(), announcementId)).toBe(false);
    for (const person of people) expect(await productNewsOf(person.id)).toEqual([{ announcement_id: announcementId, mail_delivery: null }]);
    const duplicates = await queryRows(env.server.databaseUrl, `select user_id from notifications where announcement_id = $1 group by user_id having count(*) > 1`, [announcementId]);
    expect(duplicates).toEqual([]);
    const told = Number((await queryRows<{ count: string }>(env.server.databaseUrl, `select count(*) from notifications where announcement_id = $1`, [announcementId]))[0]!.count);
    expect(await reachedCount(announcementId)).toEqual({ status: 'sent', reached_count: told });
  });
});
