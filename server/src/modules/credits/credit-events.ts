import type { EntityManager } from '@mikro-orm/postgresql';
import { toGlobalId } from '../../graphql/global-id.js';
import { recordAudit } from '../audit/index.js';
import type { CreditMailFacts } from '../mail/index.js';
import { notifyUser } from '../notifications/index.js';
import type { User } from '../users/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import type { Credit } from './credit.entity.js';
import { inviteeDisplayName } from './credit-person.js';

/** Who caused a change, as the audit log keeps it. */
export interface CreditActor {
  actorId: number | null;
  masqueradingAdminId: number | null;
}

/** The credit's role, post, account, person and adder, loaded in one go for the words below. */
export async function loadCreditStory(tx: EntityManager, credits: Credit[]): Promise<void> {
  await tx.populate(credits, ['role', 'post.account', 'user', 'addedBy', 'inviteeAccount']);
}

export function personName(user: User | null | undefined): string {
  if (!user) return 'Someone';
  return user.name ?? (user.username ? `@${user.username}` : 'Someone');
}

/** The credited person in words: their name, or how an invitee is shown. */
function creditedName(credit: Credit): string {
  if (credit.user) return personName(credit.user.getEntity());
  return inviteeDisplayName({ email: credit.inviteeEmail, handle: credit.inviteeAccount?.getEntity().handle ?? null });
}

export function roleLabel(credit: Credit): string {
  const role = credit.role.getEntity();
  return `${role.emoji} ${role.name}`;
}

export function postLabel(credit: Credit): string {
  const post = credit.post.getEntity();
  return `@${post.account.getEntity().handle}’s post`;
}

export function postPath(credit: Credit): string {
  return `/posts/${credit.post.id}`;
}

/** The words of credit mails, from a credit loaded with loadCreditStory. */
export function creditMailFacts(credit: Credit): CreditMailFacts {
  return { adderName: personName(credit.addedBy?.getEntity()), role: roleLabel(credit), post: postLabel(credit) };
}

/** What webhooks receive about a credit (`data.credit`): global ids to pass to node(id:), plus numbers. */
function creditWebhookData(credit: Credit): Record<string, unknown> {
  const role = credit.role.getEntity();
  const post = credit.post.getEntity();
  const user = credit.user?.getEntity() ?? null;
  const addedBy = credit.addedBy?.getEntity() ?? null;
  return {
    credit: {
      id: toGlobalId('Credit', credit.id),
      databaseId: credit.id,
      status: credit.status.toUpperCase(),
      role: { id: toGlobalId('CreditRole', role.id), name: role.name, emoji: role.emoji },
      post: { id: toGlobalId('Post', post.id), databaseId: post.id, url: post.url },
      user: user ? { id: toGlobalId('User', user.id), databaseId: user.id, username: user.username } : null,
      addedBy: addedBy ? { id: toGlobalId('User', addedBy.id), databaseId: addedBy.id, username: addedBy.username } : null,
    },
  };
}

function auditCredit(tx: EntityManager, actor: CreditActor, action: 'create' | 'update' | 'delete', credit: Credit, fields: Record<string, unknown>): void {
  recordAudit(tx, actor, {
    action,
    target: 'credit',
    targetId: credit.id,
    fields: { postId: credit.post.id, roleId: credit.role.id, userId: credit.user?.id ?? null, status: credit.status, ...fields },
  });
}

/**
 * A credit was added (or came to a user by a claim). Audited; the credited user, when not the one
 * who acted, is told live and through their CREDIT_ADDED webhooks — all in the caller's
 * transaction, so nothing is announced for a change that does not commit.
 */
export async function creditAdded(tx: EntityManager, actor: CreditActor, credit: Credit, how: 'added' | 'claimed'): Promise<void> {
  if (how === 'added') auditCredit(tx, actor, 'create', credit, { invitee: credit.inviteeEmail ? 'email' : credit.inviteeAccount ? 'socialAccount' : null });
  else auditCredit(tx, actor, 'update', credit, { claimed: true });
  const userId = credit.user?.id;
  if (!userId || credit.status !== 'pending') return;
  await notifyUser(tx, userId, {
    kind: 'credit_added',
    message: `${personName(credit.addedBy?.getEntity())} credited you as ${roleLabel(credit)} on ${postLabel(credit)}`,
    link: postPath(credit),
    creditId: credit.id,
  });
  await emitWebhookEvent(tx, { event: 'CREDIT_ADDED', userIds: [userId], data: creditWebhookData(credit) });
}

/** The credited person answered. The adder (when someone else) hears of it, live and by webhook. */
export async function creditAnswered(tx: EntityManager, actor: CreditActor, credit: Credit, from: Credit['status']): Promise<void> {
  auditCredit(tx, actor, 'update', credit, { from, to: credit.status });
  const adderId = credit.addedBy?.id;
  if (!adderId || adderId === credit.user?.id) return;
  const accepted = credit.status === 'accepted';
  await notifyUser(tx, adderId, {
    kind: accepted ? 'credit_accepted' : 'credit_declined',
    message: `${personName(credit.user?.getEntity())} ${accepted ? 'accepted' : 'declined'} your credit as ${roleLabel(credit)} on ${postLabel(credit)}`,
    link: postPath(credit),
    // A declined credit is the credited person's alone to see, so the adder's notice does not point at it.
    creditId: accepted ? credit.id : null,
  });
  await emitWebhookEvent(tx, { event: accepted ? 'CREDIT_ACCEPTED' : 'CREDIT_DECLINED', userIds: [adderId], data: creditWebhookData(credit) });
}

/**
 * A credit was removed (call before the row is deleted). The credited person and the adder, each
 * when not the one who removed it, are told; a declined credit was never shown to the adder, so
 * they are not told of its removal either.
 */
export async function creditRemoved(tx: EntityManager, actor: CreditActor, credit: Credit, reason: string): Promise<void> {
  auditCredit(tx, actor, 'delete', credit, { reason });
  const recipients = new Set<number>();
  if (credit.user) recipients.add(credit.user.id);
  if (credit.addedBy && credit.status !== 'declined') recipients.add(credit.addedBy.id);
  if (actor.actorId !== null) recipients.delete(actor.actorId);
  for (const userId of recipients) {
    const whose = userId === credit.user?.id ? 'Your credit' : `Your credit of ${creditedName(credit)}`;
    await notifyUser(tx, userId, { kind: 'credit_removed', message: `${whose} as ${roleLabel(credit)} on ${postLabel(credit)} was removed`, link: postPath(credit) });
  }
}
