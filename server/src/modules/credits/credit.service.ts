import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import * as MESSAGES from '../../../../domain/messages.js';
import { Conflict, Forbidden, InvalidInput, NotFound, RateLimited, Unauthenticated } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { auditViewer } from '../audit/index.js';
import { publicLink, creditInviteMail } from '../mail/index.js';
import type { Viewer } from '../users/index.js';
import { findVisiblePost, visiblePostsFilter } from '../posts/index.js';
import { lockUserRow, User } from '../users/index.js';
import { CreditRole } from './credit-role.entity.js';
import { Credit } from './credit.entity.js';
import { claimCreditByTokenHash, claimLinkExpired, claimLinkPath, hashClaimToken, newClaimToken } from './credit-claims.js';
import { creditAdded, creditAnswered, creditMailFacts, creditRemoved, loadCreditStory } from './credit-events.js';
import { enqueueCreditMail } from './credit-mail.queue.js';
import { resolveCreditPerson, type CreditPerson } from './credit-person.js';
import { creditFacts, creditPermissions, creditStandingOn, mayCreditOthersOn } from './credit.policy.js';
import { loadVisibleCredits } from './credit-visibility.js';
import type { CreditPersonInput } from './credit.types.js';

/** docs/product.md §Credits: tracking a post someone else imported does not make you one of these. */
export const CREDIT_OTHERS_FORBIDDEN = 'Only whoever imported this post, the owner of its account, a paid team managing that account or an admin can credit other people on it.';

/** Invitations by email are capped per adder, members' addresses included, so the credit form can neither spam nor probe addresses (GitHub caps invitations per day too). */
export const EMAIL_INVITES_PER_DAY = 50;
export const EMAIL_INVITE_LIMIT_MESSAGE = `You can invite at most ${EMAIL_INVITES_PER_DAY} people by email a day. Please try again tomorrow.`;

export interface CreditDeps {
  em: EntityManager;
  boss: PgBoss;
  publicUrl: string;
}

export interface AddCreditRequest {
  postId: number;
  roleId: number;
  person: CreditPersonInput;
}

/**
 * Adds a credit. Anyone signed in may credit themselves (accepted at once); crediting someone else
 * takes the right to credit on the post (credit.policy) and waits for that person's answer.
 * One credit per person and role on a post: a second, even of a declined one, is a conflict.
 */
export async function addCredit(deps: CreditDeps, viewer: Viewer, request: AddCreditRequest): Promise<{ credit: Credit; claimUrl: string | null }> {
  return deps.em.transactional(async (tx) => {
    const post = await findVisiblePost(tx, viewer, request.postId);
    if (!post) throw new NotFound('Post was not found');
    const role = await tx.findOne(CreditRole, request.roleId);
    if (!role) throw new NotFound('Credit role was not found');
    const person = await resolveCreditPerson(tx, viewer, request.person);
    const forSelf = person.kind === 'user' && person.user.id === viewer.user.id;
    if (!forSelf && !(await mayCreditOthersOn(tx, viewer, post))) throw new Forbidden(CREDIT_OTHERS_FORBIDDEN);
    if (person.kind === 'email') await checkEmailInviteLimit(tx, viewer);
    await refuseDuplicate(tx, post.id, role.id, person);

    const claim = person.kind === 'user' ? null : newClaimToken();
    const credit = tx.create(Credit, {
      post,
      role,
      user: person.kind === 'user' ? person.user : null,
      status: forSelf ? 'accepted' : 'pending',
      respondedAt: forSelf ? new Date() : null,
      addedBy: tx.getReference(User, viewer.user.id),
      inviteeEmail: person.kind === 'email' ? person.email : null,
      inviteeAccount: person.kind === 'account' ? person.account : null,
      claimTokenHash: claim?.hash ?? null,
    });
    try {
      await tx.flush();
    } catch (error) {
      // Two requests at once: the unique indexes keep one credit per person and role.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict(MESSAGES.resourceExists);
      throw error;
    }
    await loadCreditStory(tx, [credit]);
    await creditAdded(tx, auditViewer(viewer), credit, 'added');
    const claimUrl = claim ? publicLink(deps.publicUrl, claimLinkPath(claim.token)) : null;
    // A member hears of a credit through its notification, mailed as their preferences say
    // (docs/product.md §Notification preferences); only someone not on Byline gets a mail here.
    if (person.kind === 'email') {
      await enqueueCreditMail(deps.boss, tx, { to: person.email, ...creditInviteMail(creditMailFacts(credit), claimUrl!) });
    }
    await tx.flush();
    // The emailed link is the invitee's alone: the adder gets a link to share only for a handle.
    return { credit, claimUrl: person.kind === 'account' ? claimUrl : null };
  });
}

async function refuseDuplicate(tx: EntityManager, postId: number, roleId: number, person: CreditPerson): Promise<void> {
  const same =
    person.kind === 'user'
      ? { user: person.user.id }
      : person.kind === 'email'
        ? { user: null, inviteeEmail: { $ilike: person.email.replace(/[\\%_]/g, '\\$&') } }
        : { user: null, inviteeAccount: person.account.id };
  if ((await tx.count(Credit, { post: postId, role: roleId, ...same })) > 0) throw new Conflict(MESSAGES.resourceExists);
}

/**
 * At most EMAIL_INVITES_PER_DAY invitations by email in the last 24 hours, counted from the audit
 * log (credits removed or claimed since still count) under the adder's row lock, so two requests
 * at once cannot both pass the last slot.
 */
async function checkEmailInviteLimit(tx: EntityManager, viewer: Viewer): Promise<void> {
  await lockUserRow(tx, viewer.user.id);
  const [row] = await tx.execute<Array<{ sent: string | number }>>(
    `select count(*) as sent from "audit_logs"
      where "actor_id" = ? and "target" = 'credit' and "action" = 'create' and "fields"->>'invitee' = 'email'
        and "created_at" > now() - interval '1 day'`,
    [viewer.user.id],
  );
  if (Number(row?.sent ?? 0) >= EMAIL_INVITES_PER_DAY) throw new RateLimited(EMAIL_INVITE_LIMIT_MESSAGE);
}

/** The credit for a change, or "not found" when the viewer may not see it (its existence is not given away). */
async function creditToChange(tx: EntityManager, viewer: Viewer, creditId: number): Promise<Credit> {
  const [credit] = await loadVisibleCredits(tx, viewer, [creditId]);
  if (!credit) throw new NotFound('Credit was not found');
  await loadCreditStory(tx, [credit]);
  return credit;
}

async function permissionsOn(tx: EntityManager, viewer: Viewer, credit: Credit) {
  return creditPermissions(viewer, creditFacts(credit), await creditStandingOn(tx, viewer, { id: credit.post.id }));
}

/** The credited person accepts: the credit becomes public. */
export async function acceptCredit(em: EntityManager, viewer: Viewer, creditId: number): Promise<Credit> {
  return answerCredit(em, viewer, creditId, 'accepted');
}

/** The credited person declines (also after accepting): hidden from everyone but them, and not asked again. */
export async function declineCredit(em: EntityManager, viewer: Viewer, creditId: number): Promise<Credit> {
  return answerCredit(em, viewer, creditId, 'declined');
}

async function answerCredit(em: EntityManager, viewer: Viewer, creditId: number, answer: 'accepted' | 'declined'): Promise<Credit> {
  return em.transactional(async (tx) => {
    const credit = await creditToChange(tx, viewer, creditId);
    const can = await permissionsOn(tx, viewer, credit);
    if (!(answer === 'accepted' ? can.accept : can.decline)) {
      throw new Forbidden(answer === 'accepted' ? 'Only the credited person can accept a pending credit.' : 'Only the credited person can decline this credit.');
    }
    const from = credit.status;
    credit.status = answer;
    credit.respondedAt = new Date();
    await tx.flush();
    await creditAnswered(tx, auditViewer(viewer), credit, from);
    await tx.flush();
    return credit;
  });
}

/** Removes a credit, as creditPermissions allows (docs/product.md §Credits). */
export async function removeCredit(em: EntityManager, viewer: Viewer, creditId: number): Promise<number> {
  return em.transactional(async (tx) => {
    const credit = await creditToChange(tx, viewer, creditId);
    if (!(await permissionsOn(tx, viewer, credit)).remove) throw new Forbidden('You cannot remove this credit.');
    const reason = credit.user?.id === viewer.user.id ? 'removed by the credited person' : credit.addedBy?.id === viewer.user.id ? 'removed by its adder' : 'removed by a manager of the post';
    await creditRemoved(tx, auditViewer(viewer), credit, reason);
    tx.remove(credit);
    await tx.flush();
    return creditId;
  });
}

/** The invitee credit behind a claim link, while the link works; null otherwise. */
export async function findClaimableCredit(em: EntityManager, token: string): Promise<Credit | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const credit = await em.findOne(Credit, { claimTokenHash: hashClaimToken(token), user: null });
  if (!credit || claimLinkExpired(credit)) return null;
  await loadCreditStory(em, [credit]);
  return credit;
}

/**
 * The viewer takes the credit behind a claim link: it becomes theirs, pending their acceptance.
 * Whoever holds the link may claim it (as with a GitHub invitation link): it was sent to them.
 * When they already hold that role on the post, the credit they have is the answer.
 */
export async function claimCreditByToken(em: EntityManager, viewer: Viewer | null, token: string): Promise<Credit> {
  if (!viewer) throw new Unauthenticated();
  return em.transactional(async (tx) => {
    const waiting = await findClaimableCredit(tx, token);
    if (!waiting) throw new InvalidInput(MESSAGES.linkInvalid, { field: 'token' });
    const claimed = await claimCreditByTokenHash(tx, viewer.user.id, hashClaimToken(token));
    const credit = claimed ?? (await tx.findOne(Credit, { post: waiting.post.id, role: waiting.role.id, user: viewer.user.id }));
    if (!credit) throw new InvalidInput(MESSAGES.linkInvalid, { field: 'token' });
    return credit;
  });
}

/** The viewer's credits waiting for their answer, newest first, on posts they can see. */
export function listViewerPendingCredits(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<Credit>> {
  // A fresh condition per query: MikroORM rewrites the one it is given.
  const mine = () => ({ user: viewer.user.id, status: 'pending' as const, post: visiblePostsFilter(viewer) });
  return findConnection(
    page,
    'desc',
    ({ idCondition, orderBy, limit }) => em.find(Credit, { ...mine(), ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit }),
    () => em.count(Credit, mine()),
  );
}
