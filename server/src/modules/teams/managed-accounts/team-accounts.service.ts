import type { EntityManager } from '@mikro-orm/postgresql';
import { networkById } from '../../../../../domain/networks.js';
import { Conflict, NotFound } from '../../../errors/app-errors.js';
import type { Viewer } from '../../users/index.js';
import { handleFromInput, SocialAccount } from '../../networks/index.js';
import { requireTeamAccess, requireTeamsSubscription } from '../team-access.js';
import type { Team } from '../team.entity.js';
import { TEAM_MESSAGES } from '../team.messages.js';
import { TeamAccount } from './team-account.entity.js';

/**
 * The posting account with that handle on that network (handles compare without case), created
 * when Byline has none yet, so a team can manage an account before its first post is tracked.
 */
async function findOrCreateAccount(tx: EntityManager, networkId: number, handle: string): Promise<SocialAccount> {
  const like = handle.replace(/[\\%_]/g, '\\$&');
  const existing = await tx.findOne(SocialAccount, { network: networkId, handle: { $ilike: like } });
  if (existing) return existing;
  await tx.execute(`insert into "social_accounts" ("network_id", "handle") values (?, ?) on conflict ("network_id", lower("handle")) do nothing`, [networkId, handle]);
  return tx.findOneOrFail(SocialAccount, { network: networkId, handle: { $ilike: like } });
}

/** A manager adds a social account (by network and handle or profile link) for the team to manage. */
export async function addTeamAccount(em: EntityManager, viewer: Viewer, teamId: number, networkId: number, handleInput: string): Promise<TeamAccount> {
  const { team } = await requireTeamAccess(em, viewer, teamId, 'manage');
  requireTeamsSubscription(viewer, team);
  const network = networkById(networkId);
  if (!network) throw new NotFound('Network not found');
  const handle = handleFromInput(network, handleInput);
  return em.transactional(async (tx) => {
    const account = await findOrCreateAccount(tx, networkId, handle);
    if (await tx.count(TeamAccount, { team: team.id, socialAccount: account.id })) throw new Conflict();
    const managed = tx.create(TeamAccount, { team: team.id, socialAccount: account.id, addedBy: viewer.user.id });
    await tx.flush();
    return managed;
  });
}

/** Accounts by database id (REST `accounts` when creating a team), in the caller's transaction. */
export async function addManagedAccountIds(tx: EntityManager, viewer: Viewer, team: Team, accountIds: readonly number[]): Promise<void> {
  requireTeamsSubscription(viewer, team);
  const ids = [...new Set(accountIds)];
  const accounts = await tx.find(SocialAccount, { id: { $in: ids } }, { fields: ['id'] });
  if (accounts.length !== ids.length) throw new NotFound(TEAM_MESSAGES.accountNotFound);
  for (const account of accounts) tx.create(TeamAccount, { team: team.id, socialAccount: account.id, addedBy: viewer.user.id });
  await tx.flush();
}

/** A manager stops managing an account. */
export async function removeTeamAccount(em: EntityManager, viewer: Viewer, teamAccountId: number): Promise<number> {
  const managed = await em.findOne(TeamAccount, teamAccountId);
  if (!managed) throw new NotFound(TEAM_MESSAGES.accountNotFound);
  await requireTeamAccess(em, viewer, managed.team.id, 'manage');
  await em.nativeDelete(TeamAccount, { id: managed.id });
  return managed.id;
}
