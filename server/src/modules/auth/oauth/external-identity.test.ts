import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { Conflict } from '../../../errors/app-errors.js';
import { createLoginCredential, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { resolveExternalIdentity, type ExternalIdentity } from './external-identity.service.js';

const env = useTestServer();

function identity(fields: Partial<ExternalIdentity> = {}): ExternalIdentity {
  const suffix = uniqueSuffix();
  return { provider: 'google', providerUserId: `sub-${suffix}`, email: `someone.${suffix}@example.test`, emailVerified: true, name: `Someone ${suffix}`, avatarUrl: null, ...fields };
}

const fork = () => env.server.orm.em.fork();

async function logins(userId: number): Promise<Array<{ provider: string; provider_user_id: string }>> {
  return queryRows(env.database.url, 'select provider, provider_user_id from login_credentials where user_id = $1 order by id', [userId]);
}

describe('resolving an external identity to an account', () => {
  it('creates an account (no username yet) with the login, then finds it again', async () => {
    const person = identity({ name: `  ${'N'.repeat(200)}  ` });
    const created = await resolveExternalIdentity(fork(), person);
    expect(created.isNewUser).toBe(true);
    expect(created.user.username).toBeNull();
    expect(created.user.name).toHaveLength(120);
    expect(await logins(created.user.id)).toEqual([{ provider: 'google', provider_user_id: person.providerUserId }]);

    const again = await resolveExternalIdentity(fork(), { ...person, email: 'changed@example.test' });
    expect(again).toMatchObject({ isNewUser: false, user: { id: created.user.id } });
  });

  it('keys identities by provider and provider id: the same id at Twitter is another person', async () => {
    const googlePerson = identity();
    const fromGoogle = await resolveExternalIdentity(fork(), googlePerson);
    const fromTwitter = await resolveExternalIdentity(fork(), { ...googlePerson, provider: 'twitter', email: null });
    expect(fromTwitter.user.id).not.toBe(fromGoogle.user.id);
  });

  it('joins a verified address to its account (case-insensitively) and ignores an unverified one', async () => {
    const existing = await createUser(fork(), { email: `Mixed.${uniqueSuffix()}@Example.TEST` });
    const joined = await resolveExternalIdentity(fork(), identity({ email: existing.email!.toLowerCase() }));
    expect(joined).toMatchObject({ isNewUser: false, user: { id: existing.id } });

    const unverified = await resolveExternalIdentity(fork(), identity({ email: existing.email, emailVerified: false }));
    expect(unverified.user.id).not.toBe(existing.id);
    expect(unverified.user.email).toBeNull();
  });

  it("joins the account whose email login has the address, though its profile shows another", async () => {
    const em = fork();
    const address = `login.${uniqueSuffix()}@example.test`;
    const owner = await createUser(em, { email: `profile.${uniqueSuffix()}@example.test` });
    await createLoginCredential(em, owner, { provider: 'email', providerUserId: address, emailVerifiedAt: new Date() });
    const joined = await resolveExternalIdentity(fork(), identity({ email: address }));
    expect(joined).toMatchObject({ isNewUser: false, user: { id: owner.id } });
  });

  it('in link mode adds the login to the given account, once, and refuses one owned by someone else', async () => {
    const [owner, other] = [await createUser(fork()), await createUser(fork())];
    const person = identity({ provider: 'twitter', email: other.email });

    await resolveExternalIdentity(fork(), person, { linkToUserId: owner.id });
    await resolveExternalIdentity(fork(), person, { linkToUserId: owner.id });
    expect(await logins(owner.id)).toEqual([{ provider: 'twitter', provider_user_id: person.providerUserId }]);

    const refused = resolveExternalIdentity(fork(), person, { linkToUserId: other.id });
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toThrow(MESSAGES.twitterAlreadyLinked);
    expect(await logins(other.id)).toEqual([]);
  });

  it('settles simultaneous first sign-ins of one identity on a single account', async () => {
    const person = identity();
    const results = await Promise.all(Array.from({ length: 6 }, () => resolveExternalIdentity(fork(), person)));
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    expect(results.filter((result) => result.isNewUser)).toHaveLength(1);
    const rows = await queryRows<{ count: string }>(env.database.url, 'select count(*) from users where lower(email) = lower($1)', [person.email]);
    expect(rows[0]!.count).toBe('1');
  });
});
