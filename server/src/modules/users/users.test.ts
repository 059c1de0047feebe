import { toGlobalId } from '../../graphql/global-id.js';
import { describe, expect, it } from 'vitest';
import { RoleFlag, UserType } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { NAME_INVISIBLE_CHARACTERS } from '../../../../domain/validation.js';
import { createLoginCredential, createSession, createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { createPersonalAccessToken } from '../auth/index.js';
import { loadTeamStanding } from '../teams/index.js';
import { useQueryLog } from '../../test-support/query-log.js';

const env = useTestServer();

const CHOOSE = 'mutation ($username: String!) { chooseUsername(input: { username: $username }) { user { databaseId username } } }';
const AVAILABLE = 'query ($username: String!) { usernameAvailable(username: $username) { available message } }';

function em() {
  return env.server.orm.em.fork();
}

describe('chooseUsername', () => {
  it('sets the username, and answers the spec messages for bad ones', async () => {
    const user = await createUser(em(), { username: null });
    const token = env.server.tokenFor(user.id);
    const name = `Jane.Doe_${uniqueSuffix()}`;

    const chosen = await graphql(env.server, CHOOSE, { variables: { username: ` ${name} ` }, token });
    expect(chosen.body.data).toEqual({ chooseUsername: { user: { databaseId: user.id, username: name } } });

    for (const [username, message] of [
      ['', MESSAGES.usernameRequired],
      ['a'.repeat(30), 'Your username must be shorter than 30 characters.'],
      ['jane doe', 'Your username can only contain letters, numbers, . and _'],
      ['Explore', MESSAGES.usernameReserved],
    ]) {
      const refused = await graphql(env.server, CHOOSE, { variables: { username }, token });
      expect(refused.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const rows = await queryRows<{ username: string }>(env.database.url, 'select username from users where id = $1', [user.id]);
    expect(rows[0]?.username).toBe(name);
  });

  it('refuses a name taken in any case, but lets the holder change its case', async () => {
    const holder = await createUser(em(), { username: `Taken_${uniqueSuffix()}` });
    const other = await createUser(em());
    const taken = await graphql(env.server, CHOOSE, { variables: { username: holder.username!.toUpperCase() }, token: env.server.tokenFor(other.id) });
    expect(taken.body.errors?.[0]).toMatchObject({ message: MESSAGES.usernameTaken, extensions: { code: 'CONFLICT' } });

    const recased = await graphql(env.server, CHOOSE, { variables: { username: holder.username!.toLowerCase() }, token: env.server.tokenFor(holder.id) });
    expect(recased.body.data).toEqual({ chooseUsername: { user: { databaseId: holder.id, username: holder.username!.toLowerCase() } } });
  });

  it('lets only one of two simultaneous requests have a name', async () => {
    const [first, second] = [await createUser(em()), await createUser(em())];
    const username = `race_${uniqueSuffix()}`;
    const answers = await Promise.all(
      [first, second].map((user) => graphql(env.server, CHOOSE, { variables: { username }, token: env.server.tokenFor(user.id) })),
    );
    const winners = answers.filter((answer) => answer.body.data?.chooseUsername);
    const losers = answers.filter((answer) => answer.body.errors?.[0]?.message === MESSAGES.usernameTaken);
    expect([winners.length, losers.length]).toEqual([1, 1]);
  });

  it('needs a signed-in user', async () => {
    const response = await graphql(env.server, CHOOSE, { variables: { username: 'nobody_here' } });
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('usernameAvailable gives live feedback', async () => {
    const holder = await createUser(em(), { username: `held_${uniqueSuffix()}` });
    const check = async (username: string, token?: string) => (await graphql(env.server, AVAILABLE, { variables: { username }, token })).body.data;
    expect(await check(`free_${uniqueSuffix()}`)).toEqual({ usernameAvailable: { available: true, message: null } });
    expect(await check(holder.username!.toUpperCase())).toEqual({ usernameAvailable: { available: false, message: MESSAGES.usernameTaken } });
    expect(await check(holder.username!, env.server.tokenFor(holder.id))).toEqual({ usernameAvailable: { available: true, message: null } });
    expect(await check('api')).toEqual({ usernameAvailable: { available: false, message: MESSAGES.usernameReserved } });
    expect(await check('a-b')).toEqual({ usernameAvailable: { available: false, message: MESSAGES.usernameInvalidCharacters } });
  });
});

describe('updateProfile', () => {
  const UPDATE = 'mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { name userType termsAcknowledged } } }';

  it('finishes sign-up: name, user type, terms acknowledged once and never withdrawn; audited', async () => {
    const user = await createUser(em(), { termsAcknowledgedAt: null, name: null });
    const token = env.server.tokenFor(user.id);

    const updated = await graphql(env.server, UPDATE, { variables: { input: { name: '  Jane Doe ', userType: 'COMPANY', acknowledgeTerms: true } }, token });
    expect(updated.body.data).toEqual({ updateProfile: { user: { name: 'Jane Doe', userType: 'COMPANY', termsAcknowledged: true } } });
    const [before] = await queryRows<{ terms_acknowledged_at: Date }>(env.database.url, 'select terms_acknowledged_at from users where id = $1', [user.id]);

    const withdrawn = await graphql(env.server, UPDATE, { variables: { input: { acknowledgeTerms: false, userType: 'CREATOR' } }, token });
    expect(withdrawn.body.data).toEqual({ updateProfile: { user: { name: 'Jane Doe', userType: 'CREATOR', termsAcknowledged: true } } });
    const [after] = await queryRows<{ terms_acknowledged_at: Date }>(env.database.url, 'select terms_acknowledged_at from users where id = $1', [user.id]);
    expect(after?.terms_acknowledged_at).toEqual(before?.terms_acknowledged_at);

    const audits = await queryRows<{ action: string; fields: { changed: string[] } }>(
      env.database.url,
      "select action, fields from audit_logs where actor_id = $1 and target = 'users' order by id",
      [user.id],
    );
    expect(audits).toEqual([
      { action: 'update', fields: { changed: ['name', 'userType', 'termsAcknowledged'] } },
      { action: 'update', fields: { changed: ['userType'] } },
    ]);
  });

  it('keeps a name on one line, without control characters', async () => {
    const user = await createUser(em());
    const updated = await graphql(env.server, UPDATE, { variables: { input: { name: 'Jane\tDoe\r\n' } }, token: env.server.tokenFor(user.id) });
    expect(updated.body.data).toEqual({ updateProfile: { user: expect.objectContaining({ name: 'Jane Doe' }) } });
    // A NUL never reaches the rule: the API refuses it in any text argument (http/bad-input).
    const nul = await graphql(env.server, UPDATE, { variables: { input: { name: 'Jane\u0000' } }, token: env.server.tokenFor(user.id) });
    expect(nul.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('refuses an empty or too long name', async () => {
    const user = await createUser(em());
    for (const name of ['   ', '\u0001', 'x'.repeat(121)]) {
      const response = await graphql(env.server, UPDATE, { variables: { input: { name } }, token: env.server.tokenFor(user.id) });
      expect(response.body.errors?.[0]).toMatchObject({ message: MESSAGES.nameLength, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('refuses bidi overrides and stray zero-width characters with a clear message, and keeps the joiners writing needs', async () => {
    const user = await createUser(em(), { name: 'Jane Doe' });
    const token = env.server.tokenFor(user.id);
    for (const name of ['Jane \u202Enimda', 'Ja\u200Bne', '\u2066Jane\u2069', 'J\u200Dane']) {
      const response = await graphql(env.server, UPDATE, { variables: { input: { name } }, token });
      expect(response.body.errors?.[0]).toMatchObject({ message: NAME_INVISIBLE_CHARACTERS, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const [kept] = await queryRows<{ name: string }>(env.database.url, 'select name from users where id = $1', [user.id]);
    expect(kept?.name).toBe('Jane Doe');

    const persian = 'Sara \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 \u{1F469}\u200D\u{1F4BB}';
    const accepted = await graphql(env.server, UPDATE, { variables: { input: { name: persian } }, token });
    expect(accepted.body.data).toEqual({ updateProfile: { user: expect.objectContaining({ name: persian }) } });
  });

  it('refuses a username with bidi or zero-width characters', async () => {
    const user = await createUser(em(), { username: null });
    for (const username of [`jane\u202Eeod`, `ja\u200Bne`, `ja\u200Dne`]) {
      const response = await graphql(env.server, CHOOSE, { variables: { username }, token: env.server.tokenFor(user.id) });
      expect(response.body.errors?.[0]).toMatchObject({ message: MESSAGES.usernameInvalidCharacters, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });
});

describe('viewer fields and permissions', () => {
  const FIELDS = `isMasquerading isOG isBeta isFreePro isTeamPro hasPaidTeam isBusiness canSeeBilling
    viewerCan { seeProPages seeBetaPages seeAdmin hasPaidAccess seeBilling }`;

  async function activeTeam(fields: { externalInvoiceExpiration?: Date | null; subscriptionStatus?: string | null }, members: Parameters<typeof createTeam>[1]) {
    const fork = em();
    const team = await createTeam(fork, members);
    team.status = 'active';
    team.externalInvoiceExpiration = fields.externalInvoiceExpiration ?? null;
    team.subscriptionStatus = fields.subscriptionStatus ?? null;
    await fork.flush();
    return team;
  }

  it('describes a plain user', async () => {
    const user = await createUser(em(), { userType: UserType.Creator });
    const response = await graphql(env.server, `{ viewer { ${FIELDS} } }`, { token: env.server.tokenFor(user.id) });
    expect(response.body.data?.viewer).toEqual({
      isMasquerading: false, isOG: false, isBeta: false, isFreePro: false, isTeamPro: false, hasPaidTeam: false, isBusiness: false, canSeeBilling: false,
      viewerCan: { seeProPages: false, seeBetaPages: false, seeAdmin: false, hasPaidAccess: false, seeBilling: false },
    });
  });

  it('reads role flags, user type and a paid team (invoice or subscription); managers pass the billing check', async () => {
    const fork = em();
    const flagged = await createUser(fork, { roleFlags: [RoleFlag.approved, RoleFlag.beta, RoleFlag.freePro], userType: UserType.Company });
    const invoiced = await createUser(fork);
    const subscribed = await createUser(fork);
    const lapsed = await createUser(fork);
    const invited = await createUser(fork);
    await activeTeam({ externalInvoiceExpiration: new Date(Date.now() + 86_400_000) }, [{ user: invoiced, role: 'manager' }, { user: invited, status: 'invited' }]);
    await activeTeam({ subscriptionStatus: 'active' }, [{ user: subscribed }]);
    await activeTeam({ externalInvoiceExpiration: new Date(Date.now() - 1000), subscriptionStatus: 'past_due' }, [{ user: lapsed }]);

    const viewerOf = async (userId: number) => (await graphql(env.server, `{ viewer { ${FIELDS} } }`, { token: env.server.tokenFor(userId) })).body.data?.viewer;

    expect(await viewerOf(flagged.id)).toMatchObject({
      isOG: true, isBeta: true, isFreePro: true, isTeamPro: false, isBusiness: true, hasPaidTeam: false, canSeeBilling: true,
      viewerCan: { seeProPages: true, seeBetaPages: true, seeAdmin: false, hasPaidAccess: true, seeBilling: true },
    });
    expect(await viewerOf(invoiced.id)).toMatchObject({ hasPaidTeam: true, canSeeBilling: true, viewerCan: { hasPaidAccess: true, seeProPages: false, seeBilling: true } });
    expect(await viewerOf(subscribed.id)).toMatchObject({ hasPaidTeam: true, canSeeBilling: false, viewerCan: { hasPaidAccess: true, seeBilling: false } });
    expect(await viewerOf(lapsed.id)).toMatchObject({ hasPaidTeam: false, viewerCan: { hasPaidAccess: false } });
    expect(await viewerOf(invited.id)).toMatchObject({ hasPaidTeam: false });
  });

  it("shows others only what is public; admins see paid standing but never someone else's permissions or logins", async () => {
    const fork = em();
    const member = await createUser(fork, { username: `member_${uniqueSuffix()}`, roleFlags: [RoleFlag.approved], userType: UserType.Company });
    await createLoginCredential(fork, member, { provider: 'google' });
    await activeTeam({ subscriptionStatus: 'active' }, [{ user: member, role: 'manager' }]);
    const stranger = await createUser(fork);
    const admin = await createUser(fork, { roleFlags: [RoleFlag.admin] });
    const query = `query ($username: String!) { user(username: $username) { ${FIELDS} loginMethods { nodes { provider } } } }`;

    const seenByStranger = await graphql(env.server, query, { variables: { username: member.username }, token: env.server.tokenFor(stranger.id) });
    expect(seenByStranger.body.data?.user).toEqual({
      isMasquerading: false, isOG: true, isBeta: false, isFreePro: false, isTeamPro: false, hasPaidTeam: false, isBusiness: false, canSeeBilling: false,
      viewerCan: { seeProPages: false, seeBetaPages: false, seeAdmin: false, hasPaidAccess: false, seeBilling: false },
      loginMethods: { nodes: [] },
    });
    const seenByAdmin = await graphql(env.server, query, { variables: { username: member.username }, token: env.server.tokenFor(admin.id) });
    expect(seenByAdmin.body.data?.user).toMatchObject({ hasPaidTeam: true, isBusiness: true, canSeeBilling: true, viewerCan: { hasPaidAccess: false }, loginMethods: { nodes: [] } });
  });

  it('is true for isMasquerading only on the viewer acted as', async () => {
    const [admin, target] = [await createUser(em(), { roleFlags: [RoleFlag.admin] }), await createUser(em())];
    const response = await graphql(env.server, `query ($username: String!) { viewer { isMasquerading } user(username: $username) { isMasquerading } }`, {
      variables: { username: admin.username },
      token: env.server.tokenFor(target.id, admin.id),
    });
    expect(response.body.data).toEqual({ viewer: { isMasquerading: true }, user: { isMasquerading: false } });
  });
});

describe('login methods', () => {
  const LIST = '{ viewer { loginMethods { totalCount nodes { id databaseId provider label } } } }';
  const REMOVE = 'mutation ($id: ID!) { removeLoginMethod(input: { loginMethodId: $id }) { removedLoginMethodId viewer { loginMethods { totalCount } } } }';
  const globalId = (credential: { id: number }) => toGlobalId('LoginMethod', credential.id);

  it('lists them with labels and removes any but the last', async () => {
    const fork = em();
    const user = await createUser(fork);
    const email = await createLoginCredential(fork, user, { provider: 'email', emailVerifiedAt: new Date() });
    const google = await createLoginCredential(fork, user, { provider: 'google' });
    const token = (await createSession(fork, env.server.config, user.id)).accessToken;

    const listed = await graphql(env.server, LIST, { token });
    expect(listed.body.data).toEqual({
      viewer: {
        loginMethods: {
          totalCount: 2,
          nodes: [
            { id: globalId(email), databaseId: email.id, provider: 'EMAIL', label: user.email },
            { id: globalId(google), databaseId: google.id, provider: 'GOOGLE', label: 'Google' },
          ],
        },
      },
    });

    const stranger = await createUser(fork);
    const notTheirs = await graphql(env.server, REMOVE, { variables: { id: globalId(google) }, token: (await createSession(fork, env.server.config, stranger.id)).accessToken });
    expect(notTheirs.body.errors?.[0]).toMatchObject({ message: MESSAGES.loginMethodNotFound, extensions: { code: 'NOT_FOUND' } });

    expect((await graphql(env.server, REMOVE, { variables: { id: globalId(google) }, token })).body.data).toEqual({
      removeLoginMethod: { removedLoginMethodId: globalId(google), viewer: { loginMethods: { totalCount: 1 } } },
    });
    const last = await graphql(env.server, REMOVE, { variables: { id: globalId(email) }, token });
    expect(last.body.errors?.[0]).toMatchObject({ message: MESSAGES.lastLoginMethod, extensions: { code: 'UNPROCESSABLE' } });
    expect(await queryRows(env.database.url, 'select provider from login_credentials where user_id = $1', [user.id])).toEqual([{ provider: 'email' }]);
  });

  it('cannot be removed by an admin acting as the user, nor with a personal access token', async () => {
    const fork = em();
    const [admin, user] = [await createUser(fork, { roleFlags: [RoleFlag.admin] }), await createUser(fork)];
    const credential = await createLoginCredential(fork, user, { provider: 'twitter' });
    await createLoginCredential(fork, user, { provider: 'google' });
    const { token: pat } = await createPersonalAccessToken(fork, user.id, { name: 'CI', expiresInDays: null, scope: 'read_write' });
    for (const token of [env.server.tokenFor(user.id, admin.id), pat]) {
      const response = await graphql(env.server, REMOVE, { variables: { id: globalId(credential) }, token });
      expect(response.body.errors?.[0]).toMatchObject({ message: MESSAGES.loginMethodsNeedSession, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await queryRows(env.database.url, 'select provider from login_credentials where user_id = $1 order by provider', [user.id])).toEqual([{ provider: 'google' }, { provider: 'twitter' }]);
  });
});

describe('team standing (hasPaidTeam, canSeeBilling)', () => {
  const log = useQueryLog(env);

  it('is loaded for every user asked about in one tick with one query', async () => {
    const em = log.orm.em.fork();
    const [member, manager, loner] = [await createUser(em), await createUser(em), await createUser(em)];
    await createTeam(em, [{ user: member, status: 'active' }, { user: manager, role: 'manager', status: 'active' }]);
    const request = log.orm.em.fork();
    let standings: Awaited<ReturnType<typeof loadTeamStanding>>[] = [];
    const selects = await log.selectsDuring(async () => {
      standings = await Promise.all([member, manager, loner, member].map((user) => loadTeamStanding(request, user.id)));
    });
    expect(standings.map((standing) => standing.managesTeam)).toEqual([false, true, false, false]);
    expect(selects.filter((sql) => sql.includes('team_members'))).toHaveLength(1);
  });
});
