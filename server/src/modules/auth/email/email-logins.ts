import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LoginCredential, type LoginProvider, User } from '../../users/index.js';


/** The email-and-password login of an address (its identity is the lower-cased address). */
export function findEmailLogin(em: EntityManager, email: string, options: { withPasswordHash?: boolean } = {}): Promise<LoginCredential | null> {
  // The hash is a lazy column: loaded only where a password is actually checked.
  return em.findOne(LoginCredential, { provider: 'email', providerUserId: email }, options.withPasswordHash ? { populate: ['passwordHash'] } : {});
}

/**
 * The account whose profile address this is (Google and Twitter accounts have one without an
 * email login). `email` is normalised; addresses are unique case-insensitively, and this form
 * uses that index (`lower(email)`).
 */
export function findUserByEmail(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { [sql.lower('email')]: email });
}

/** The account an address leads to: the owner of its email login, else the user with that address. */
export async function findAccountOfAddress(em: EntityManager, email: string): Promise<{ user: User; emailLogin: LoginCredential | null } | null> {
  const emailLogin = await findEmailLogin(em, email);
  if (emailLogin) return { user: await emailLogin.user.loadOrFail(), emailLogin };
  const user = await findUserByEmail(em, email);
  return user ? { user, emailLogin: null } : null;
}

/** The account's logins other than email, e.g. ['google'], in a stable order. */
export async function otherLoginProviders(em: EntityManager, userId: number): Promise<LoginProvider[]> {
  const rows = await em.execute<Array<{ provider: LoginProvider }>>(
    "select distinct provider from login_credentials where user_id = ? and provider <> 'email' order by provider",
    [userId],
  );
  return rows.map((row) => row.provider);
}
