import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { NetworkId } from '../../../domain/networks.js';
import { PostType } from '../../../domain/enums.js';
import { CreditRole, Credit } from '../modules/credits/index.js';
import { Network, SocialAccount } from '../modules/networks/index.js';
import { Post } from '../modules/posts/index.js';
import { TeamMember, Team } from '../modules/teams/index.js';
import { User, LoginCredential } from '../modules/users/index.js';
import type { AppConfig } from '../config.js';
import { REFRESH_COOKIE } from '../http/session-cookie-names.js';
import { SESSION_COOKIE } from '../http/session-cookie-names.js';
import { openSession } from '../modules/auth/index.js';
import { CURRENT_TERMS } from '../../../domain/terms.js';

/** Short unique suffix so factories never collide on unique columns. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

type UserFields = Partial<Pick<User, 'username' | 'name' | 'email' | 'roleFlags' | 'userType' | 'termsAcknowledgedAt' | 'termsVersion' | 'createdAt'>>;

export async function createUser(em: EntityManager, fields: UserFields = {}): Promise<User> {
  const user = buildUser(em, fields);
  await em.flush();
  return user;
}

/** A user persisted with the next flush, not flushed (as buildPost, for tests that need many). */
export function buildUser(em: EntityManager, fields: UserFields = {}): User {
  const suffix = uniqueSuffix();
  return em.create(User, {
    username: `user_${suffix}`,
    name: `User ${suffix}`,
    email: `user_${suffix}@example.test`,
    termsAcknowledgedAt: new Date(),
    // The version in force: someone made by a test has read the current terms unless it says otherwise.
    termsVersion: CURRENT_TERMS.id,
    ...fields,
  });
}

export async function createAccount(em: EntityManager, networkId: number = NetworkId.TikTok, handle = `acct_${uniqueSuffix()}`): Promise<SocialAccount> {
  const account = em.create(SocialAccount, { network: em.getReference(Network, networkId), handle, displayName: handle });
  await em.flush();
  return account;
}

type PostFields = { account?: SocialAccount; createdBy?: User; isPrivate?: boolean; type?: PostType; caption?: string };

export async function createPost(em: EntityManager, fields: PostFields = {}): Promise<Post> {
  const post = buildPost(em, { ...fields, account: fields.account ?? (await createAccount(em)) });
  await em.flush();
  return post;
}

let builtPosts = 0;

/**
 * A post persisted with the next flush, not flushed: for tests that need hundreds, written in
 * one flush (batched inserts) instead of a round trip and transaction each.
 */
export function buildPost(em: EntityManager, fields: PostFields & { account: SocialAccount }): Post {
  const { account } = fields;
  const externalId = `${Date.now()}${++builtPosts}${Math.floor(Math.random() * 1e6)}`;
  return em.create(Post, {
    network: account.network,
    account,
    externalId,
    url: `https://www.tiktok.com/@${account.handle}/video/${externalId}`,
    caption: fields.caption ?? `Caption ${externalId}`,
    type: fields.type ?? PostType.Video,
    isPrivate: fields.isPrivate ?? false,
    createdBy: fields.createdBy ?? null,
    importStatus: 'imported',
  });
}

/** A public credit: accepted by the person (as every credit was before consent). See createCredit for other states. */
export async function creditUser(em: EntityManager, post: Post, user: User, roleId = 1): Promise<Credit> {
  const credit = em.create(Credit, { post, user, role: em.getReference(CreditRole, roleId), status: 'accepted' });
  await em.flush();
  return credit;
}

/** A credit in any state: pending by default when someone else added it, as the product makes them. */
export async function createCredit(
  em: EntityManager,
  fields: {
    post: Post;
    user?: User | null;
    roleId?: number;
    status?: Credit['status'];
    addedBy?: User | null;
    inviteeEmail?: string | null;
    inviteeAccount?: SocialAccount | null;
    claimTokenHash?: string | null;
    createdAt?: Date;
  },
): Promise<Credit> {
  const credit = em.create(Credit, {
    post: fields.post,
    user: fields.user ?? null,
    role: em.getReference(CreditRole, fields.roleId ?? 1),
    status: fields.status ?? 'pending',
    addedBy: fields.addedBy ?? null,
    inviteeEmail: fields.inviteeEmail ?? null,
    inviteeAccount: fields.inviteeAccount ?? null,
    claimTokenHash: fields.claimTokenHash ?? null,
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
  await em.flush();
  return credit;
}

export async function createTeam(em: EntityManager, members: Array<{ user: User; role?: TeamMember['role']; status?: TeamMember['status'] }> = []): Promise<Team> {
  const team = em.create(Team, { name: `Team ${uniqueSuffix()}` });
  for (const member of members) em.create(TeamMember, { team, user: member.user, role: member.role ?? 'member', status: member.status ?? 'active' });
  await em.flush();
  return team;
}

/**
 * A real signed-in session for `userId` (as sign-in opens it): the access token names its
 * session, unlike `server.tokenFor`, so calls that need a session (not a personal access
 * token) accept it. `cookie` is the header a browser would send.
 */
export async function createSession(
  em: EntityManager,
  config: AppConfig,
  userId: number,
): Promise<{ accessToken: string; refreshToken: string; sessionId: number; cookie: string }> {
  const tokens = await openSession(em, config, { userId });
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    sessionId: tokens.session.id,
    cookie: `${SESSION_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}`,
  };
}

export async function createLoginCredential(
  em: EntityManager,
  user: User,
  fields: { provider: LoginCredential['provider']; providerUserId?: string; emailVerifiedAt?: Date | null },
): Promise<LoginCredential> {
  const credential = em.create(LoginCredential, {
    user,
    provider: fields.provider,
    providerUserId: fields.providerUserId ?? (fields.provider === 'email' ? (user.email ?? `${uniqueSuffix()}@example.test`) : `${fields.provider}-${uniqueSuffix()}`),
    emailVerifiedAt: fields.emailVerifiedAt ?? null,
  });
  await em.flush();
  return credential;
}
