import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { NetworkId } from '../../../../domain/networks.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createAccount, createCredit, createPost, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { createPersonalAccessToken, READ_ONLY_TOKEN_MESSAGE } from '../auth/index.js';
import { newClaimToken } from './credit-claims.js';

/**
 * The mutations of credits, reports, lists, settings, invitations and connected accounts, asked
 * by the person each one is for, but signed out or through that person's read-only personal
 * access token: every one is refused in its own words and nothing changes. The module tests
 * cover another member and an admin mutation by mutation; an admin's credit rights are checked here too.
 */
const env = useTestServer();

interface Attempt {
  mutation: string;
  /** Whose right it would be; their read-only token is what is refused. */
  as: number;
  input: Record<string, unknown>;
  /** The admin area answers everyone but admins as if it were not there, signed out included. */
  signedOutCode?: 'NOT_FOUND';
}

async function readOnlyToken(userId: number): Promise<string> {
  return (await createPersonalAccessToken(env.server.orm.em.fork(), userId, { name: `read ${uniqueSuffix()}`, expiresInDays: null, scope: 'read_only' })).token;
}

const ask = (mutation: string, input: Record<string, unknown>, token?: string) =>
  graphql(env.server, `mutation($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { __typename } }`, { token, variables: { input } });

/** Everything these mutations could touch, so a refusal that still wrote something shows. */
async function snapshot(): Promise<unknown> {
  const [state] = await queryRows(
    env.database.url,
    `select (select json_agg(json_build_object('id', id, 'status', status, 'user', user_id) order by id) from credits) as credits,
            (select json_agg(json_build_object('id', id, 'status', status) order by id) from credit_reports) as reports,
            (select json_agg(json_build_object('id', id, 'name', name) order by id) from lists) as lists,
            (select count(*) from list_people) + (select count(*) from list_posts) as list_items,
            (select count(*) from user_invitations) as invitations,
            (select count(*) from social_account_verifications) as verifications,
            (select json_agg(json_build_object('id', id, 'name', name, 'bio', bio) order by id) from users) as people,
            (select count(*) from auth_sessions where revoked_at is null) as open_sessions,
            (select count(*) from personal_access_tokens where revoked_at is null) as open_tokens,
            (select json_agg(json_build_object('id', id, 'owner', owner_id) order by id) from social_accounts) as accounts,
            (select count(*) from audit_logs) as audit_rows,
            (select count(*) from notifications) as notifications`,
  );
  return state;
}

describe('credits, reports, lists and account mutations, by kind of caller', () => {
  it('refuses every one to signed-out callers and read-only tokens, in its own words, changing nothing', async () => {
    const db = env.server.orm.em.fork();
    const [tracker, credited, reporter, admin, owner] = [
      await createUser(db),
      await createUser(db),
      await createUser(db),
      await createUser(db, { roleFlags: [RoleFlag.admin] }),
      await createUser(db),
    ];
    const post = await createPost(db, { createdBy: tracker });
    const pending = await createCredit(db, { post, user: credited, addedBy: tracker, roleId: 1 });
    const accepted = await createCredit(db, { post, user: credited, addedBy: tracker, roleId: 2, status: 'accepted' });
    const claim = newClaimToken();
    await createCredit(db, { post, addedBy: tracker, inviteeEmail: `friend-${uniqueSuffix()}@example.test`, claimTokenHash: claim.hash, roleId: 3 });
    const account = await createAccount(db);

    // Made through the API, as the people themselves would.
    const reported = await graphql<{ reportCredit: { report: { id: string } } }>(
      env.server,
      'mutation($input: ReportCreditInput!) { reportCredit(input: $input) { report { id } } }',
      { token: env.server.tokenFor(reporter.id), variables: { input: { creditId: toGlobalId('Credit', accepted.id), reason: 'Not the director' } } },
    );
    const reportId = reported.body.data!.reportCredit.report.id;
    const made = await graphql<{ createList: { list: { id: string } } }>(env.server, 'mutation($input: CreateListInput!) { createList(input: $input) { list { id } } }', {
      token: env.server.tokenFor(owner.id),
      variables: { input: { name: 'Editors' } },
    });
    const listId = made.body.data!.createList.list.id;
    const person = toGlobalId('User', credited.id);

    const attempts: Attempt[] = [
      { mutation: 'addCredit', as: tracker.id, input: { postId: toGlobalId('Post', post.id), roleId: toGlobalId('CreditRole', 4), person: { userId: person } } },
      { mutation: 'acceptCredit', as: credited.id, input: { creditId: toGlobalId('Credit', pending.id) } },
      { mutation: 'declineCredit', as: credited.id, input: { creditId: toGlobalId('Credit', pending.id) } },
      { mutation: 'removeCredit', as: credited.id, input: { creditId: toGlobalId('Credit', accepted.id) } },
      { mutation: 'claimCredit', as: reporter.id, input: { token: claim.token } },
      { mutation: 'reportCredit', as: owner.id, input: { creditId: toGlobalId('Credit', accepted.id), reason: 'Wrong person' } },
      { mutation: 'closeCreditReport', as: admin.id, input: { reportId, removeCredit: true }, signedOutCode: 'NOT_FOUND' },
      { mutation: 'createList', as: owner.id, input: { name: 'Colorists' } },
      { mutation: 'renameList', as: owner.id, input: { listId, name: 'Renamed' } },
      { mutation: 'deleteList', as: owner.id, input: { listId } },
      { mutation: 'addToList', as: owner.id, input: { listId, userId: person } },
      { mutation: 'removeFromList', as: owner.id, input: { listId, userId: person } },
      { mutation: 'updateSettings', as: owner.id, input: { name: 'Someone else', bio: 'Changed' } },
      { mutation: 'signOutOtherSessions', as: owner.id, input: { includePersonalAccessTokens: true } },
      { mutation: 'deleteAccount', as: owner.id, input: { confirm: true } },
      { mutation: 'inviteFriend', as: owner.id, input: { email: `new-${uniqueSuffix()}@example.test` } },
      { mutation: 'recordReferral', as: owner.id, input: { invitedBy: tracker.username } },
      { mutation: 'connectSocialAccount', as: owner.id, input: { networkId: toGlobalId('Network', NetworkId.TikTok), handleOrUrl: '@someone' } },
      { mutation: 'verifySocialAccount', as: owner.id, input: { socialAccountId: toGlobalId('SocialAccount', account.id) } },
      { mutation: 'disconnectSocialAccount', as: owner.id, input: { socialAccountId: toGlobalId('SocialAccount', account.id) } },
    ];

    const readOnlyTokens = new Map<number, string>();
    for (const { as } of attempts) if (!readOnlyTokens.has(as)) readOnlyTokens.set(as, await readOnlyToken(as));

    const before = await snapshot();
    for (const attempt of attempts) {
      const signedOut = await ask(attempt.mutation, attempt.input);
      expect(signedOut.body.errors?.[0]?.extensions?.code, `${attempt.mutation} signed out`).toBe(attempt.signedOutCode ?? 'UNAUTHENTICATED');
      expect(signedOut.body.data?.[attempt.mutation] ?? null, `${attempt.mutation} signed out`).toBeNull();

      const readOnly = await ask(attempt.mutation, attempt.input, readOnlyTokens.get(attempt.as));
      expect(readOnly.status, `${attempt.mutation} with a read-only token`).toBe(403);
      expect(readOnly.body.errors?.[0], `${attempt.mutation} with a read-only token`).toMatchObject({ message: READ_ONLY_TOKEN_MESSAGE, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin remove anyone’s credit (audited as theirs), never answer one for the credited person', async () => {
    const db = env.server.orm.em.fork();
    const [tracker, credited, admin] = [await createUser(db), await createUser(db), await createUser(db, { roleFlags: [RoleFlag.admin] })];
    const post = await createPost(db, { createdBy: tracker });
    const pending = await createCredit(db, { post, user: credited, addedBy: tracker, roleId: 1 });
    const accepted = await createCredit(db, { post, user: credited, addedBy: tracker, roleId: 2, status: 'accepted' });
    const adminToken = env.server.tokenFor(admin.id);

    for (const mutation of ['acceptCredit', 'declineCredit']) {
      expect((await ask(mutation, { creditId: toGlobalId('Credit', pending.id) }, adminToken)).body.errors?.[0]?.extensions?.code, mutation).toBe('FORBIDDEN');
    }
    const removed = await ask('removeCredit', { creditId: toGlobalId('Credit', accepted.id) }, adminToken);
    expect(removed.body.errors).toBeUndefined();
    const rows = await queryRows<{ id: number; status: string }>(env.database.url, 'select id, status from credits where post_id = $1 order by id', [post.id]);
    expect(rows).toEqual([{ id: pending.id, status: 'pending' }]);
    const audit = await queryRows<{ action: string; actor_id: number }>(env.database.url, `select action, actor_id from audit_logs where target = 'credit' and target_id = $1`, [String(accepted.id)]);
    expect(audit).toEqual([{ action: 'delete', actor_id: admin.id }]);
  });
});
