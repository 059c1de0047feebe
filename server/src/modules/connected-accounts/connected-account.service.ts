/**
 * Connected accounts (/settings/accounts): a user names an account by handle or profile link,
 * puts the code Byline gives them in the account's bio, and Byline checks the profile page.
 * Once the code is there the account is theirs: its posts count as theirs and credits waiting
 * for that handle become theirs (pending their answer). Profile pages are fetched before any
 * transaction opens, so no database connection waits on a network.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { networkById, type SocialNetwork } from '../../../../domain/networks.js';
import { Conflict, InvalidInput, NotFound, Unprocessable } from '../../errors/app-errors.js';
import { recordAudit, auditViewer } from '../audit/index.js';
import type { Viewer } from '../users/index.js';
import { claimCreditsOfAccount } from '../credits/index.js';
import type { OutboundHttp } from '../posts/index.js';
import { lockUserRow } from '../users/index.js';
import { SocialAccount, handleFromInput, profilePageUrl } from '../networks/index.js';
import { bioCodeExpiry, bioContainsCode, newBioCode } from './bio-code.js';
import { isOwnedBySomeoneElse, isVerifiedOwner } from './connected-account.policy.js';
import { fetchProfilePage } from './profile-page.fetch.js';
import { SocialAccountVerification } from './social-account-verification.entity.js';

/** Connected accounts per user, verified and pending together: Linktree-sized, and the bound of viewerSocialAccounts. */
export const MAX_CONNECTED_ACCOUNTS = 50;

export const TOO_MANY_ACCOUNTS_MESSAGE = `You can connect at most ${MAX_CONNECTED_ACCOUNTS} accounts. Disconnect one first.`;
export const NOT_CONNECTED_MESSAGE = 'That account is not connected to your profile.';

export function codeNotInBioMessage(code: string): string {
  return `We could not find ${code} in the account's bio. Add it to the bio, save, then check again (the network may take a minute to show the change).`;
}

/** One of the viewer's accounts as the settings page lists it. */
export interface ConnectedAccountView {
  account: SocialAccount;
  verifiedAt: Date | null;
  /** The code to put in the bio while the account is not verified yet. */
  verificationCode: string | null;
  codeExpiresAt: Date | null;
}

export interface ConnectInput {
  networkId: number;
  handleOrUrl: string;
}

function networkOrFail(networkId: number): SocialNetwork {
  const network = networkById(networkId);
  if (!network) throw new NotFound('Network not found');
  return network;
}

async function findAccountByHandle(em: EntityManager, networkId: number, handle: string): Promise<SocialAccount | null> {
  const [row] = await em.execute<Array<{ id: number }>>(`select id from social_accounts where network_id = ? and lower(handle) = lower(?)`, [networkId, handle]);
  return row === undefined ? null : em.findOne(SocialAccount, { id: Number(row.id) }, { refresh: true });
}

/** Refuses a new connection past the bound; asking again for an account already pending costs nothing. */
async function assertRoomFor(em: EntityManager, userId: number, accountId: number | null): Promise<void> {
  const [row] = await em.execute<Array<{ count: string; has_this: boolean }>>(
    `select count(*) as count, coalesce(bool_or(id = ?), false) as has_this from (
       select id from social_accounts where owner_id = ? and owner_verified_at is not null
       union
       select social_account_id from social_account_verifications where user_id = ?
     ) connected`,
    [accountId ?? 0, userId, userId],
  );
  if (!row?.has_this && Number(row?.count ?? 0) >= MAX_CONNECTED_ACCOUNTS) throw new InvalidInput(TOO_MANY_ACCOUNTS_MESSAGE);
}

/**
 * Names an account as the viewer's and gives them the code for its bio. The profile page is
 * read first, so a handle nobody has answers "Could not find a channel for that username" at
 * once. Asking again while a code is still valid gives the same code (the person may already
 * have pasted it); after it expires, a new one.
 */
export async function connectSocialAccount(em: EntityManager, viewer: Viewer, input: ConnectInput, http: OutboundHttp, now = new Date()): Promise<ConnectedAccountView> {
  const network = networkOrFail(input.networkId);
  const handle = handleFromInput(network, input.handleOrUrl);
  const existing = await findAccountByHandle(em, network.id, handle);
  if (existing && (isOwnedBySomeoneElse(viewer, existing) || isVerifiedOwner(viewer, existing))) throw new Conflict(MESSAGES.resourceExists);
  // Checked before the network is asked (a quick refusal) and again under the user's row lock (two tabs at once).
  await assertRoomFor(em, viewer.user.id, existing?.id ?? null);

  const profile = await fetchProfilePage(http, profilePageUrl(network, handle));

  const accountId = await em.transactional(async (tx) => {
    const [account] = await tx.execute<Array<{ id: number }>>(
      `insert into social_accounts (network_id, handle, display_name, follower_count)
       values (?, ?, ?, ?)
       on conflict (network_id, lower(handle)) do update
         set display_name = coalesce(social_accounts.display_name, excluded.display_name),
             follower_count = coalesce(excluded.follower_count, social_accounts.follower_count)
       returning id`,
      [network.id, handle, profile.displayName, profile.followerCount],
    );
    const id = Number(account?.id);
    await lockUserRow(tx, viewer.user.id);
    await assertRoomFor(tx, viewer.user.id, id);
    // A code still valid is kept, so a bio already edited keeps working.
    await tx.execute(
      `insert into social_account_verifications (user_id, social_account_id, code, expires_at)
       values (?, ?, ?, ?)
       on conflict (user_id, social_account_id) do update
         set code = case when social_account_verifications.expires_at > ? then social_account_verifications.code else excluded.code end,
             expires_at = case when social_account_verifications.expires_at > ? then social_account_verifications.expires_at else excluded.expires_at end`,
      [viewer.user.id, id, newBioCode(), bioCodeExpiry(now), now, now],
    );
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'social_account_verifications', targetId: id, fields: { networkId: network.id, handle } });
    return id;
  });
  const view = await findOwnConnection(em, viewer, accountId);
  if (!view) throw new NotFound(NOT_CONNECTED_MESSAGE);
  return view;
}

/** The viewer's connection to one account (verified or pending), or null when there is none. */
export async function findOwnConnection(em: EntityManager, viewer: Viewer, accountId: number): Promise<ConnectedAccountView | null> {
  const account = await em.findOne(SocialAccount, { id: accountId }, { refresh: true });
  if (!account) return null;
  if (isVerifiedOwner(viewer, account)) return { account, verifiedAt: account.ownerVerifiedAt, verificationCode: null, codeExpiresAt: null };
  const pending = await em.findOne(SocialAccountVerification, { user: viewer.user.id, socialAccount: accountId }, { refresh: true });
  return pending ? { account, verifiedAt: null, verificationCode: pending.code, codeExpiresAt: pending.expiresAt } : null;
}

/**
 * Checks the account's bio for the viewer's code and, when it is there, makes the account
 * theirs in one transaction: owner and time set (only if nobody else got there first), the
 * pending codes dropped, the follower count stored, invitee credits of the account claimed.
 */
export async function verifySocialAccount(
  em: EntityManager,
  viewer: Viewer,
  accountId: number,
  http: OutboundHttp,
  now = new Date(),
): Promise<{ connection: ConnectedAccountView; claimedCredits: number }> {
  const connection = await findOwnConnection(em, viewer, accountId);
  if (!connection) throw new NotFound(NOT_CONNECTED_MESSAGE);
  if (connection.verifiedAt !== null) return { connection, claimedCredits: 0 };
  const { account, verificationCode, codeExpiresAt } = connection;
  if (isOwnedBySomeoneElse(viewer, account)) throw new Conflict(MESSAGES.resourceExists);
  if (verificationCode === null || codeExpiresAt === null || codeExpiresAt <= now) throw new InvalidInput(MESSAGES.codeInvalid);

  const network = networkOrFail(account.network.id);
  const profile = await fetchProfilePage(http, profilePageUrl(network, account.handle));
  if (!profile.bioTexts.some((text) => bioContainsCode(text, verificationCode))) throw new Unprocessable(codeNotInBioMessage(verificationCode));

  const claimedCredits = await em.transactional(async (tx) => {
    const claimed = await tx.execute<Array<{ id: number }>>(
      `update social_accounts
          set owner_id = ?, owner_verified_at = ?, follower_count = coalesce(?, follower_count),
              display_name = coalesce(display_name, ?)
        where id = ? and (owner_verified_at is null or owner_id is null or owner_id = ?)
        returning id`,
      [viewer.user.id, now, profile.followerCount, profile.displayName, account.id, viewer.user.id],
    );
    // Someone else proved it between our read and this write: the first proof stands.
    if (claimed.length === 0) throw new Conflict(MESSAGES.resourceExists);
    // Everyone's pending codes for it go: the account has its owner now.
    await tx.execute(`delete from social_account_verifications where social_account_id = ?`, [account.id]);
    const credits = await claimCreditsOfAccount(tx, viewer.user.id, account.id);
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'social_accounts', targetId: account.id, fields: { verified: true, claimedCredits: credits } });
    return credits;
  });
  const verified = await findOwnConnection(em, viewer, account.id);
  if (!verified) throw new NotFound(NOT_CONNECTED_MESSAGE);
  return { connection: verified, claimedCredits };
}

/**
 * Ends the viewer's connection: a verified account loses its owner (its posts stop counting as
 * theirs), a pending one loses its code. Credits already claimed stay the user's: they are the
 * user's own credits now, to accept or decline like any other.
 */
export async function disconnectSocialAccount(em: EntityManager, viewer: Viewer, accountId: number): Promise<void> {
  const connection = await findOwnConnection(em, viewer, accountId);
  if (!connection) throw new NotFound(NOT_CONNECTED_MESSAGE);
  await em.transactional(async (tx) => {
    await tx.execute(`update social_accounts set owner_id = null, owner_verified_at = null where id = ? and owner_id = ?`, [accountId, viewer.user.id]);
    await tx.execute(`delete from social_account_verifications where social_account_id = ? and user_id = ?`, [accountId, viewer.user.id]);
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'social_account_verifications', targetId: accountId });
  });
}

/**
 * The viewer's accounts, verified and pending, by network then handle: at most
 * MAX_CONNECTED_ACCOUNTS (connecting more is refused), read in two queries.
 */
export async function listOwnConnections(em: EntityManager, viewer: Viewer): Promise<ConnectedAccountView[]> {
  const owned = await em.find(SocialAccount, { owner: viewer.user.id, ownerVerifiedAt: { $ne: null } }, { limit: MAX_CONNECTED_ACCOUNTS });
  const pending = await em.find(SocialAccountVerification, { user: viewer.user.id }, { populate: ['socialAccount'], limit: MAX_CONNECTED_ACCOUNTS });
  const views: ConnectedAccountView[] = [
    ...owned.map((account) => ({ account, verifiedAt: account.ownerVerifiedAt, verificationCode: null, codeExpiresAt: null })),
    ...pending
      .filter((verification) => !owned.some((account) => account.id === verification.socialAccount.id))
      .map((verification) => ({ account: verification.socialAccount.getEntity(), verifiedAt: null, verificationCode: verification.code, codeExpiresAt: verification.expiresAt })),
  ];
  return views
    .sort((a, b) => a.account.network.id - b.account.network.id || a.account.handle.localeCompare(b.account.handle))
    .slice(0, MAX_CONNECTED_ACCOUNTS);
}
