import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../../domain/enums.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { createPost, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import type { Post } from '../../posts/index.js';
import type { User } from '../../users/index.js';
import { CreditRole } from '../credit-role.entity.js';
import { Credit } from '../credit.entity.js';
import { REASON_REQUIRED } from '../../../../../domain/credit-reports.js';

const env = useTestServer();

const REPORT = `mutation($input: ReportCreditInput!) {
  reportCredit(input: $input) { report { id databaseId status reason createdAt closedAt creditRemoved credit { databaseId } reporter { databaseId } post { databaseId } } }
}`;
const CLOSE = `mutation($input: CloseCreditReportInput!) {
  closeCreditReport(input: $input) { removedCreditId report { status closedAt creditRemoved credit { databaseId } closedBy { databaseId } } }
}`;
const LIST = `query($status: CreditReportStatus, $first: Int) {
  creditReports(status: $status, first: $first) { totalCount nodes { id databaseId status reason credit { databaseId } reporter { databaseId } post { databaseId } } }
}`;

interface ReportAnswer {
  reportCredit: {
    report: { id: string; databaseId: number; status: string; reason: string; createdAt: string; closedAt: string | null; creditRemoved: boolean; credit: { databaseId: number } | null; reporter: { databaseId: number }; post: { databaseId: number } };
  };
}
interface CloseAnswer {
  closeCreditReport: { removedCreditId: string | null; report: { status: string; closedAt: string | null; creditRemoved: boolean; credit: { databaseId: number } | null; closedBy: { databaseId: number } | null } };
}
interface ListAnswer {
  creditReports: { totalCount: number; nodes: Array<{ id: string; databaseId: number; status: string; reason: string; credit: { databaseId: number } | null; reporter: { databaseId: number }; post: { databaseId: number } }> };
}

function tokenOf(user: User | null): string | undefined {
  return user ? env.server.tokenFor(user.id) : undefined;
}

/** An accepted credit of `person` on a fresh post, added by the post's tracker. */
async function acceptedCredit(fields: { isPrivate?: boolean } = {}): Promise<{ credit: Credit; post: Post; person: User; tracker: User }> {
  const em = env.server.orm.em.fork();
  const tracker = await createUser(em);
  const person = await createUser(em);
  const post = await createPost(em, { createdBy: tracker, isPrivate: fields.isPrivate ?? false });
  const credit = em.create(Credit, { post, user: person, role: em.getReference(CreditRole, 2), status: 'accepted', addedBy: tracker, respondedAt: new Date() });
  await em.flush();
  return { credit, post, person, tracker };
}

function report(viewer: User | null, creditId: number, reason = 'This photo was taken by someone else') {
  return graphql<ReportAnswer>(env.server, REPORT, { variables: { input: { creditId: toGlobalId('Credit', creditId), reason } }, token: tokenOf(viewer) });
}

function close(viewer: User | null, reportId: number, removeCredit?: boolean) {
  const input = { reportId: toGlobalId('CreditReport', reportId), ...(removeCredit === undefined ? {} : { removeCredit }) };
  return graphql<CloseAnswer>(env.server, CLOSE, { variables: { input }, token: tokenOf(viewer) });
}

function list(viewer: User | null, status?: 'OPEN' | 'CLOSED') {
  return graphql<ListAnswer>(env.server, LIST, { variables: { first: 100, ...(status ? { status } : {}) }, token: tokenOf(viewer) });
}

async function newAdmin(): Promise<User> {
  return createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
}

async function newUser(): Promise<User> {
  return createUser(env.server.orm.em.fork());
}

async function auditRows(target: string, targetId: number) {
  return queryRows<{ action: string; actor_id: number | null; fields: Record<string, unknown> }>(
    env.database.url,
    'select action, actor_id, fields from audit_logs where target = $1 and target_id = $2 order by id',
    [target, String(targetId)],
  );
}

async function notificationsOf(user: User) {
  return queryRows<{ kind: string; message: string; link: string | null }>(env.database.url, 'select kind, message, link from notifications where user_id = $1 order by id', [user.id]);
}

async function creditExists(creditId: number): Promise<boolean> {
  return (await queryRows(env.database.url, 'select 1 from credits where id = $1', [creditId])).length === 1;
}

describe('reportCredit', () => {
  it('refuses signed-out visitors', async () => {
    const { credit } = await acceptedCredit();
    const response = await report(null, credit.id);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('opens a report with the reason, audited, for anyone signed in who may see the credit', async () => {
    const { credit, post } = await acceptedCredit();
    const reporter = await newUser();
    const response = await report(reporter, credit.id, '  Not their photo: it was @someone_else  ');
    expect(response.body.errors).toBeUndefined();
    const created = response.body.data!.reportCredit.report;
    expect(created).toMatchObject({
      status: 'OPEN',
      reason: 'Not their photo: it was @someone_else',
      closedAt: null,
      creditRemoved: false,
      credit: { databaseId: credit.id },
      reporter: { databaseId: reporter.id },
      post: { databaseId: post.id },
    });
    expect(await auditRows('credit_reports', created.databaseId)).toEqual([
      { action: 'create', actor_id: reporter.id, fields: { creditId: credit.id, postId: post.id, status: 'open' } },
    ]);
  });

  it('requires a reason and takes one open report per person and credit', async () => {
    const { credit } = await acceptedCredit();
    const reporter = await newUser();
    const blank = await report(reporter, credit.id, '   ');
    expect(blank.body.errors?.[0]).toMatchObject({ message: REASON_REQUIRED, extensions: { code: 'BAD_USER_INPUT' } });
    const tooLong = await report(reporter, credit.id, 'x'.repeat(1001));
    expect(tooLong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    expect((await report(reporter, credit.id)).body.errors).toBeUndefined();
    const again = await report(reporter, credit.id);
    expect(again.body.errors?.[0]).toMatchObject({ message: 'That resource already exists', extensions: { code: 'CONFLICT' } });
    // Someone else may still report it.
    expect((await report(await newUser(), credit.id)).body.errors).toBeUndefined();
  });

  it('answers ids of the wrong kind and hostile reasons with clear errors', async () => {
    const { credit, post } = await acceptedCredit();
    const reporter = await newUser();
    const wrongKind = await graphql<ReportAnswer>(env.server, REPORT, { variables: { input: { creditId: toGlobalId('Post', post.id), reason: 'x' } }, token: tokenOf(reporter) });
    expect(wrongKind.body.errors?.[0]).toMatchObject({ message: 'Invalid id', extensions: { code: 'BAD_USER_INPUT' } });
    const garbage = await graphql<ReportAnswer>(env.server, REPORT, { variables: { input: { creditId: '%%%', reason: 'x' } }, token: tokenOf(reporter) });
    expect(garbage.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const nul = await report(reporter, credit.id, 'a\u0000b');
    expect(nul.status).toBeLessThan(500);
    expect(nul.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const huge = await report(reporter, credit.id, '📸'.repeat(200_000));
    expect(huge.status).toBeLessThan(500);
    expect(huge.body.errors?.[0]?.extensions?.code).toBeDefined();
  });

  it('is not for the credited person nor anyone who may remove the credit, and hides credits the viewer cannot see', async () => {
    const { credit, person, tracker } = await acceptedCredit();
    expect((await report(person, credit.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const admin = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
    expect((await report(admin, credit.id)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Whoever imported the post and gave the credit may no longer take back an accepted one: they report it like anyone.
    expect((await report(tracker, credit.id)).body.errors).toBeUndefined();

    const hidden = await acceptedCredit({ isPrivate: true });
    const stranger = await report(await newUser(), hidden.credit.id);
    expect(stranger.body.errors?.[0]).toMatchObject({ message: 'Credit not found', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('creditReports and closeCreditReport (admins)', () => {
  it('answers anyone but an admin "not found", signed out or not', async () => {
    const { credit } = await acceptedCredit();
    const reporter = await newUser();
    const reportId = (await report(reporter, credit.id)).body.data!.reportCredit.report.databaseId;
    for (const viewer of [null, reporter, await newUser()]) {
      expect((await list(viewer)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await close(viewer, reportId, true)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(await creditExists(credit.id)).toBe(true);
    expect((await auditRows('credit_reports', reportId)).map((row) => row.action)).toEqual(['create']);
  });

  it('lists open reports newest first with what the admin needs to decide', async () => {
    const admin = await newAdmin();
    const { credit, post } = await acceptedCredit();
    const reporter = await newUser();
    const reason = `Wrong person ${uniqueSuffix()}`;
    const reportId = (await report(reporter, credit.id, reason)).body.data!.reportCredit.report.databaseId;
    const answer = await list(admin);
    expect(answer.body.errors).toBeUndefined();
    const { nodes, totalCount } = answer.body.data!.creditReports;
    expect(nodes[0]).toEqual({
      id: toGlobalId('CreditReport', reportId),
      databaseId: reportId,
      status: 'OPEN',
      reason,
      credit: { databaseId: credit.id },
      reporter: { databaseId: reporter.id },
      post: { databaseId: post.id },
    });
    expect(totalCount).toBe(nodes.length);
    expect(nodes.every((node) => node.status === 'OPEN')).toBe(true);
  });

  it('closes a report leaving the credit: the reporter is told, the change audited', async () => {
    const admin = await newAdmin();
    const { credit, person } = await acceptedCredit();
    const reporter = await newUser();
    const reportId = (await report(reporter, credit.id)).body.data!.reportCredit.report.databaseId;

    const answer = await close(admin, reportId);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.closeCreditReport).toMatchObject({
      removedCreditId: null,
      report: { status: 'CLOSED', creditRemoved: false, credit: { databaseId: credit.id }, closedBy: { databaseId: admin.id } },
    });
    expect(answer.body.data!.closeCreditReport.report.closedAt).not.toBeNull();
    expect(await creditExists(credit.id)).toBe(true);
    const [notice] = await notificationsOf(reporter);
    expect(notice).toEqual({
      kind: 'credit_report_closed',
      message: `Your report of @${person.username}’s credit as 📷 Photographer on @${(await handleOfPost(credit))}’s post was closed: the credit stays.`,
      link: `/posts/${credit.post.id}`,
    });
    // Through the API, the reporter reads it as a credit report outcome.
    const inbox = await graphql<{ notifications: { nodes: Array<{ kind: string; link: string | null }> } }>(env.server, '{ notifications(first: 5) { nodes { kind link } } }', { token: tokenOf(reporter) });
    expect(inbox.body.data?.notifications.nodes).toEqual([{ kind: 'CREDIT_REPORT_CLOSED', link: `/posts/${credit.post.id}` }]);
    expect(await auditRows('credit_reports', reportId)).toEqual([
      expect.objectContaining({ action: 'create', actor_id: reporter.id }),
      { action: 'update', actor_id: admin.id, fields: { creditId: credit.id, status: 'closed', creditRemoved: false } },
    ]);
    // Closed once is closed.
    expect((await close(admin, reportId, true)).body.errors?.[0]).toMatchObject({ message: 'This report is already closed.', extensions: { code: 'CONFLICT' } });
    expect(await creditExists(credit.id)).toBe(true);

    const closed = await list(admin, 'CLOSED');
    expect(closed.body.data!.creditReports.nodes.map((node) => node.databaseId)).toContain(reportId);
    expect((await list(admin)).body.data!.creditReports.nodes.map((node) => node.databaseId)).not.toContain(reportId);
  });

  it('closes a report removing the credit: every open report of it closes, reporters and the credited person are told, all audited', async () => {
    const admin = await newAdmin();
    const { credit, person } = await acceptedCredit();
    const [first, second] = [await newUser(), await newUser()];
    const firstId = (await report(first, credit.id)).body.data!.reportCredit.report.databaseId;
    const secondId = (await report(second, credit.id)).body.data!.reportCredit.report.databaseId;

    const answer = await close(admin, firstId, true);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.closeCreditReport).toMatchObject({
      removedCreditId: toGlobalId('Credit', credit.id),
      report: { status: 'CLOSED', creditRemoved: true, credit: null },
    });
    expect(await creditExists(credit.id)).toBe(false);

    const reports = await queryRows<{ id: number; status: number; credit_id: number | null; credit_removed: boolean; closed_by_id: number }>(
      env.database.url,
      'select id, status, credit_id, credit_removed, closed_by_id from credit_reports where id = any($1) order by id',
      [[firstId, secondId]],
    );
    expect(reports).toEqual([
      { id: firstId, status: 0, credit_id: null, credit_removed: true, closed_by_id: admin.id },
      { id: secondId, status: 0, credit_id: null, credit_removed: true, closed_by_id: admin.id },
    ]);
    for (const reporter of [first, second]) {
      expect((await notificationsOf(reporter)).map((notice) => notice.message)).toEqual([expect.stringMatching(/was closed: the credit was removed\.$/)]);
    }
    expect((await notificationsOf(person)).map((notice) => notice.kind)).toEqual(['credit_removed']);
    expect((await auditRows('credit_reports', secondId)).map((row) => [row.action, row.actor_id])).toEqual([
      ['create', second.id],
      ['update', admin.id],
    ]);
    expect((await auditRows('credit', credit.id)).map((row) => [row.action, row.actor_id])).toContainEqual(['delete', admin.id]);
  });

  it('lets the reporter, and no other member, fetch their report by id', async () => {
    const { credit } = await acceptedCredit();
    const reporter = await newUser();
    const id = (await report(reporter, credit.id)).body.data!.reportCredit.report.id;
    const query = `query($id: ID!) { node(id: $id) { ... on CreditReport { databaseId status } } }`;
    const own = await graphql<{ node: { status: string } | null }>(env.server, query, { variables: { id }, token: tokenOf(reporter) });
    expect(own.body.data?.node).toMatchObject({ status: 'OPEN' });
    const other = await graphql<{ node: unknown }>(env.server, query, { variables: { id }, token: tokenOf(await newUser()) });
    expect(other.body.data?.node).toBeNull();
    const anonymous = await graphql<{ node: unknown }>(env.server, query, { variables: { id } });
    expect(anonymous.body.data?.node).toBeNull();
  });
});

async function handleOfPost(credit: Credit): Promise<string> {
  const [row] = await queryRows<{ handle: string }>(env.database.url, 'select a.handle from posts p join social_accounts a on a.id = p.account_id where p.id = $1', [credit.post.id]);
  return row!.handle;
}
