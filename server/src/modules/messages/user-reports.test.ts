import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../../domain/conversations.js';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';

/* Admins resolving reports of people (docs/product.md §Messages, "Reporting"). */
const env = useTestServer();

const REPORT = `mutation($input: ReportUserInput!) { reportUser(input: $input) { user { id } } }`;
const RESOLVE = `mutation($input: ResolveUserReportInput!) { resolveUserReport(input: $input) { userReport { id outcome resolvedAt resolvedBy { id } } } }`;
const REPORTS = `query($includeResolved: Boolean) { userReports(first: 100, includeResolved: $includeResolved) { totalCount nodes { id reason outcome resolvedAt resolvedBy { id } } } }`;

type ReportRow = { id: string; reason: string; outcome: string | null; resolvedAt: string | null; resolvedBy: { id: string } | null };

async function person(roleFlags: number[] = []): Promise<{ userId: number; token: string; id: string }> {
  const user = await createUser(env.server.orm.em.fork(), { roleFlags });
  return { userId: user.id, token: env.server.tokenFor(user.id), id: toGlobalId('User', user.id) };
}

function errorOf(response: GraphQLResponse): { message: string; code: unknown } | undefined {
  const error = response.body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

async function reports(token: string, includeResolved?: boolean): Promise<ReportRow[]> {
  const response = await graphql<{ userReports: { nodes: ReportRow[] } }>(env.server, REPORTS, { token, variables: includeResolved === undefined ? {} : { includeResolved } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.userReports.nodes;
}

describe('resolving reports of people', () => {
  it('records the outcome, who and when; hides resolved reports unless asked; audits it; refuses a second answer', async () => {
    const [reporter, reported, admin] = [await person(), await person(), await person([RoleFlag.admin])];
    for (const reason of ['Spam links', 'Rude replies']) {
      expect((await graphql(env.server, REPORT, { token: reporter.token, variables: { input: { userId: reported.id, reason } } })).body.errors).toBeUndefined();
    }
    const open = await reports(admin.token);
    const spam = open.find((row) => row.reason === 'Spam links')!;
    expect(spam).toMatchObject({ outcome: null, resolvedAt: null, resolvedBy: null });

    const resolved = await graphql<{ resolveUserReport: { userReport: ReportRow } }>(env.server, RESOLVE, { token: admin.token, variables: { input: { userReportId: spam.id, outcome: 'WARNED' } } });
    expect(resolved.body.errors).toBeUndefined();
    expect(resolved.body.data!.resolveUserReport.userReport).toMatchObject({ id: spam.id, outcome: 'WARNED', resolvedBy: { id: admin.id } });
    expect(resolved.body.data!.resolveUserReport.userReport.resolvedAt).toBeTruthy();

    expect((await reports(admin.token)).map((row) => row.reason)).not.toContain('Spam links');
    expect((await reports(admin.token, true)).find((row) => row.id === spam.id)).toMatchObject({ outcome: 'WARNED', resolvedBy: { id: admin.id } });

    const audited = await queryRows<{ action: string; actor_id: number; fields: unknown }>(env.database.url, `select action, actor_id, fields from audit_logs where target = 'user_report'`);
    expect(audited).toEqual([{ action: 'update', actor_id: admin.userId, fields: { outcome: 'warned' } }]);

    const again = await graphql(env.server, RESOLVE, { token: admin.token, variables: { input: { userReportId: spam.id, outcome: 'NO_ACTION' } } });
    expect(errorOf(again)).toEqual({ message: CONVERSATION_MESSAGES.reportAlreadyResolved, code: 'CONFLICT' });
    const unknown = await graphql(env.server, RESOLVE, { token: admin.token, variables: { input: { userReportId: toGlobalId('UserReport', 999_999), outcome: 'NO_ACTION' } } });
    expect(errorOf(unknown)?.code).toBe('NOT_FOUND');
  });

  it('answers anyone but an admin "not found": the reported, the reporter, the signed-out', async () => {
    const [reporter, reported, admin] = [await person(), await person(), await person([RoleFlag.admin])];
    await graphql(env.server, REPORT, { token: reporter.token, variables: { input: { userId: reported.id, reason: 'Scam' } } });
    const report = (await reports(admin.token)).find((row) => row.reason === 'Scam')!;
    for (const outsider of [reporter, reported]) {
      const answer = await graphql(env.server, RESOLVE, { token: outsider.token, variables: { input: { userReportId: report.id, outcome: 'SUSPENDED' } } });
      expect(errorOf(answer)?.code).toBe('NOT_FOUND');
    }
    expect(errorOf(await graphql(env.server, RESOLVE, { variables: { input: { userReportId: report.id, outcome: 'SUSPENDED' } } }))?.code).toBe('NOT_FOUND');
    expect((await reports(admin.token)).find((row) => row.id === report.id)?.outcome).toBeNull();
  });
});
