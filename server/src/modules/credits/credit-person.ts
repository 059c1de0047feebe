import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { networkById } from '../../../../domain/networks.js';
import { validateEmail } from '../../../../domain/validation.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { handleFromInput, Network, SocialAccount } from '../networks/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import type { CreditPersonInput } from './credit.types.js';

export const ONE_PERSON_MESSAGE = 'Choose one person to credit: a Byline member, an email address or a social account.';

/** Who a credit goes to: a member, or someone not on Byline yet known by email or by a social account. */
export type CreditPerson = { kind: 'user'; user: User } | { kind: 'email'; email: string } | { kind: 'account'; account: SocialAccount };

/**
 * The person named by the input.
 *
 * An email address stays an invitee, whoever it belongs to (docs/product.md §Credits: an address
 * never becomes a name for someone who did not already know it): the answer, the duplicate check
 * and the invitation limit are the same for a member's address as for anyone's, and the person
 * claims the credit through the emailed link. The adder's own address is the one exception: they
 * credit themselves.
 *
 * A verified account that belongs to a member credits that member: the account shows on their
 * profile already, so nothing is given away, and nobody gets a second, unclaimable copy.
 */
export async function resolveCreditPerson(tx: EntityManager, viewer: Viewer, input: CreditPersonInput): Promise<CreditPerson> {
  const given = [input.userId, input.email, input.socialAccount].filter((value) => value !== null && value !== undefined);
  if (given.length !== 1) throw new InvalidInput(ONE_PERSON_MESSAGE, { field: 'person' });

  if (input.userId) {
    const user = await tx.findOne(User, { id: parseGlobalId(input.userId, 'User'), username: { $ne: null } });
    if (!user) throw new NotFound(MESSAGES.userNotFound);
    return { kind: 'user', user };
  }

  if (input.email !== null && input.email !== undefined) {
    const problem = validateEmail(input.email);
    if (problem) throw new InvalidInput(problem, { field: 'email' });
    const email = input.email.trim().toLowerCase();
    const self = await tx.findOne(User, { id: viewer.user.id, email: { $ilike: escapeLike(email) } });
    return self ? { kind: 'user', user: self } : { kind: 'email', email };
  }

  const handleInput = input.socialAccount!;
  const networkId = parseGlobalId(handleInput.networkId, 'Network');
  const network = networkById(networkId);
  if (!network) throw new NotFound('Network not found');
  const handle = handleFromInput(network, handleInput.handle);
  const account = await findOrCreateAccount(tx, networkId, handle);
  const owner = account.ownerVerifiedAt && account.owner ? await account.owner.load() : null;
  return owner ? { kind: 'user', user: owner } : { kind: 'account', account };
}

/** The posting account with that handle on that network (handles compare without case), created when Byline has none yet. */
async function findOrCreateAccount(tx: EntityManager, networkId: number, handle: string): Promise<SocialAccount> {
  const existing = await tx.findOne(SocialAccount, { network: networkId, handle: { $ilike: escapeLike(handle) } });
  if (existing) return existing;
  await tx.execute(
    `insert into "social_accounts" ("network_id", "handle") values (?, ?) on conflict ("network_id", lower("handle")) do nothing`,
    [networkId, handle],
  );
  const created = await tx.findOne(SocialAccount, { network: tx.getReference(Network, networkId), handle: { $ilike: escapeLike(handle) } });
  if (!created) throw new Error('the social account could not be created');
  return created;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** How an invitee is shown: @handle, or the address hidden but for its first letter and domain ("j…@example.com"). */
export function inviteeDisplayName(invitee: { email: string | null; handle: string | null }): string {
  if (invitee.handle) return `@${invitee.handle}`;
  const [local = '', domain = ''] = (invitee.email ?? '').split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}
