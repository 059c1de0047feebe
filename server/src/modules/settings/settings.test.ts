import { describe, expect, it } from 'vitest';
import { encodeGeohash } from '../../../../domain/geohash.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { RoleFlag } from '../../../../domain/enums.js';
import { createSession, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { createPersonalAccessToken } from '../auth/index.js';

const env = useTestServer();

const USER_FIELDS = 'username name userType termsAcknowledged bio website locationName locationGeohash';
const UPDATE = `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { user { ${USER_FIELDS} } } }`;

interface SettingsUser {
  username: string | null;
  name: string | null;
  userType: string | null;
  termsAcknowledged: boolean;
  bio: string | null;
  website: string | null;
  locationName: string | null;
  locationGeohash: string | null;
}
type UpdateAnswer = { updateSettings: { user: SettingsUser } };

const LISBON = { name: 'Lisbon, Portugal', geohash: encodeGeohash(38.7223, -9.1393, 6) };

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.server.orm.em.fork(), fields);
  return { user, token: env.server.tokenFor(user.id) };
}

async function update(token: string | undefined, input: Record<string, unknown>) {
  return graphql<UpdateAnswer>(env.server, UPDATE, { token, variables: { input } });
}

function refusal(answer: { body: { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } }) {
  const error = answer.body.errors?.[0];
  return { message: error?.message, code: error?.extensions?.code };
}

describe('updateSettings', () => {
  it('saves the profile fields, shows them on the public profile, and audits the change', async () => {
    const { user, token } = await signedIn();
    const username = `maya_${uniqueSuffix()}`;
    const answer = await update(token, {
      username,
      name: '  Maya Lin ',
      userType: 'COMPANY',
      bio: 'Director.\r\nBased by the sea.',
      website: 'mayalin.example.com/work',
      location: LISBON,
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.updateSettings.user).toEqual({
      username,
      name: 'Maya Lin',
      userType: 'COMPANY',
      termsAcknowledged: true,
      bio: 'Director.\nBased by the sea.',
      website: 'https://mayalin.example.com/work',
      locationName: 'Lisbon, Portugal',
      locationGeohash: LISBON.geohash,
    });

    // Profile fields are public: a stranger signed out reads them too.
    const profile = await graphql<{ user: Pick<SettingsUser, 'bio' | 'website' | 'locationName' | 'locationGeohash'> }>(
      env.server,
      'query($username: String!) { user(username: $username) { bio website locationName locationGeohash } }',
      { variables: { username } },
    );
    expect(profile.body.data?.user).toEqual({ bio: 'Director.\nBased by the sea.', website: 'https://mayalin.example.com/work', locationName: 'Lisbon, Portugal', locationGeohash: LISBON.geohash });

    const audits = await queryRows<{ fields: { changed?: string[] } }>(env.database.url, `select fields from audit_logs where actor_id = $1 and action = 'update' and target = 'users' order by id`, [user.id]);
    expect(audits.flatMap((row) => row.fields.changed ?? [])).toEqual(expect.arrayContaining(['name', 'userType', 'bio', 'website', 'locationName', 'locationGeohash']));
  });

  it('clears bio, website and place with empty text and a null location', async () => {
    const { token } = await signedIn();
    await update(token, { bio: 'Hello', website: 'https://example.com', location: LISBON });
    const answer = await update(token, { bio: '', website: '  ', location: null });
    expect(answer.body.data?.updateSettings.user).toMatchObject({ bio: null, website: null, locationName: null, locationGeohash: null });
  });

  it.each([
    [{ username: 'x'.repeat(30) }, MESSAGES.usernameTooLong, 'username'],
    [{ username: 'maya lin!' }, MESSAGES.usernameInvalidCharacters, 'username'],
    [{ username: 'settings' }, MESSAGES.usernameReserved, 'username'],
    [{ name: '' }, MESSAGES.nameLength, 'name'],
    [{ website: 'ftp://files.example.com' }, MESSAGES.invalidUrl, 'website'],
    [{ website: 'javascript:alert(1)' }, MESSAGES.invalidUrl, 'website'],
    [{ website: 'https://user:pass@example.com' }, MESSAGES.invalidUrl, 'website'],
    [{ bio: 'a'.repeat(1001) }, SETTINGS_MESSAGES.bioTooLong, 'bio'],
    [{ location: { name: 'Atlantis', geohash: 'aaaa' } }, SETTINGS_MESSAGES.locationGeohash, 'locationGeohash'],
    [{ location: { name: 'Nowhere', geohash: '0123456789' } }, SETTINGS_MESSAGES.locationGeohash, 'locationGeohash'],
    [{ location: { name: '   ', geohash: LISBON.geohash } }, SETTINGS_MESSAGES.locationNameLength, 'locationName'],
    [{ location: { name: 'x'.repeat(201), geohash: LISBON.geohash } }, SETTINGS_MESSAGES.locationNameLength, 'locationName'],
    [{ location: { name: 'Lisbon\u202E', geohash: LISBON.geohash } }, SETTINGS_MESSAGES.locationInvisibleCharacters, 'locationName'],
  ])('refuses %j with the words to show, changing nothing', async (input, message, field) => {
    const { user, token } = await signedIn({ name: 'Before' });
    // The refused field comes with valid ones: none of them may be saved either.
    const answer = await update(token, { bio: 'Saved only if all is valid', ...input });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.message).toBe(message);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { field } });
    const [row] = await queryRows<{ username: string; name: string; bio: string | null }>(env.database.url, 'select username, name, bio from users where id = $1', [user.id]);
    expect(row).toEqual({ username: user.username, name: 'Before', bio: null });
  });

  it('refuses a username someone else has, whatever the case', async () => {
    const { user: other } = await signedIn();
    const { token } = await signedIn();
    const answer = await update(token, { username: other.username?.toUpperCase() });
    expect(refusal(answer)).toEqual({ message: MESSAGES.usernameTaken, code: 'CONFLICT' });
  });

  it('finishes an incomplete sign-up: username and terms', async () => {
    const { token } = await signedIn({ username: null, termsAcknowledgedAt: null, name: null });
    const before = await graphql<{ viewer: { username: string | null; termsAcknowledged: boolean } }>(env.server, '{ viewer { username termsAcknowledged } }', { token });
    expect(before.body.data?.viewer).toEqual({ username: null, termsAcknowledged: false });
    const username = `new_${uniqueSuffix()}`;
    const answer = await update(token, { username, acknowledgeTerms: true, userType: 'CREATOR' });
    expect(answer.body.data?.updateSettings.user).toMatchObject({ username, termsAcknowledged: true, userType: 'CREATOR' });
  });

  it('is refused to signed-out callers and to read-only tokens', async () => {
    expect(refusal(await update(undefined, { bio: 'x' })).code).toBe('UNAUTHENTICATED');
    const { user } = await signedIn();
    const { token } = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'read', expiresInDays: null, scope: 'read_only' });
    expect(refusal(await update(token, { bio: 'x' })).code).toBe('FORBIDDEN');
  });

  it('changes only the viewer: an admin edits someone else only by masquerading, audited with both identities', async () => {
    const { user: admin, token: adminToken } = await signedIn({ roleFlags: [RoleFlag.admin] });
    const { user: member } = await signedIn({ name: 'Member' });
    // Without a masquerade, the admin's call changes the admin's own settings.
    await update(adminToken, { bio: 'Admin bio' });
    const masquerading = env.server.tokenFor(member.id, admin.id);
    const answer = await update(masquerading, { bio: 'Fixed by support' });
    expect(answer.body.data?.updateSettings.user.bio).toBe('Fixed by support');
    const rows = await queryRows<{ id: number; bio: string | null }>(env.database.url, 'select id, bio from users where id = any($1) order by id', [[admin.id, member.id]]);
    expect(rows).toEqual([
      { id: admin.id, bio: 'Admin bio' },
      { id: member.id, bio: 'Fixed by support' },
    ]);
    const audits = await queryRows<{ masquerading_admin_id: number | null }>(
      env.database.url,
      `select masquerading_admin_id from audit_logs where actor_id = $1 and target = 'users' and action = 'update'`,
      [member.id],
    );
    expect(audits.map((row) => row.masquerading_admin_id)).toContain(admin.id);
  });
});

describe('signOutOtherSessions', () => {
  const SIGN_OUT = 'mutation($input: SignOutOtherSessionsInput!) { signOutOtherSessions(input: $input) { signedOutSessionCount revokedTokenCount } }';

  it('ends every other session (and tokens when asked), keeping the current one', async () => {
    const { user } = await signedIn();
    const em = env.server.orm.em.fork();
    const current = await createSession(em, env.server.config, user.id);
    const phone = await createSession(em, env.server.config, user.id);
    const laptop = await createSession(em, env.server.config, user.id);
    const { token: pat } = await createPersonalAccessToken(em, user.id, { name: 'ci', expiresInDays: null, scope: 'read_write' });

    const answer = await graphql<{ signOutOtherSessions: { signedOutSessionCount: number; revokedTokenCount: number } }>(env.server, SIGN_OUT, {
      token: current.accessToken,
      variables: { input: { includePersonalAccessTokens: true } },
    });
    expect(answer.body.data?.signOutOtherSessions).toEqual({ signedOutSessionCount: 2, revokedTokenCount: 1 });

    const viewerOf = async (token: string) => (await graphql<{ viewer: { username: string } | null }>(env.server, '{ viewer { username } }', { token })).body;
    expect((await viewerOf(current.accessToken)).data?.viewer?.username).toBe(user.username);
    expect((await viewerOf(phone.accessToken)).data?.viewer).toBeNull();
    expect((await viewerOf(laptop.accessToken)).data?.viewer).toBeNull();
    expect((await viewerOf(pat)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps personal access tokens unless asked', async () => {
    const { user } = await signedIn();
    const em = env.server.orm.em.fork();
    const current = await createSession(em, env.server.config, user.id);
    const { token: pat } = await createPersonalAccessToken(em, user.id, { name: 'ci', expiresInDays: null, scope: 'read_only' });
    const answer = await graphql<{ signOutOtherSessions: { revokedTokenCount: number } }>(env.server, SIGN_OUT, { token: current.accessToken, variables: { input: {} } });
    expect(answer.body.data?.signOutOtherSessions.revokedTokenCount).toBe(0);
    const still = await graphql<{ viewer: { username: string } }>(env.server, '{ viewer { username } }', { token: pat });
    expect(still.body.data?.viewer.username).toBe(user.username);
  });

  it('needs the person’s own session: not a token, not a masquerade', async () => {
    const { user: admin } = await signedIn({ roleFlags: [RoleFlag.admin] });
    const { user } = await signedIn();
    const { token: pat } = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'ci', expiresInDays: null, scope: 'read_write' });
    for (const token of [pat, env.server.tokenFor(user.id, admin.id)]) {
      const answer = await graphql(env.server, SIGN_OUT, { token, variables: { input: {} } });
      expect(refusal(answer)).toEqual({ message: SETTINGS_MESSAGES.sessionsNeedOwnSession, code: 'FORBIDDEN' });
    }
  });
});
