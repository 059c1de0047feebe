import type { EntityManager } from '@mikro-orm/postgresql';
import { DELIVERABLE_MESSAGES, projectPath } from '../../../../domain/projects.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { addCredit, Credit, mayCreditOthersOn, type CreditDeps } from '../credits/index.js';
import { markProjectNotificationsSeen, notifyUser } from '../notifications/index.js';
import { Post, trackPostByUrl, type PostImportServices } from '../posts/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { requireDeliverable } from './deliverable.service.js';

export type LinkPostServices = PostImportServices & Pick<CreditDeps, 'publicUrl'>;

export interface LinkedPost {
  deliverable: ProjectDeliverable;
  /** Credits proposed by this link (pending each person's answer); none when the post already had them. */
  proposedCredits: Credit[];
  /** How many people were offered to credit themselves instead (the linker may not credit others on the post). */
  offeredCount: number;
}

/** Someone to credit on a published deliverable's post, in their project role. */
interface CreditCandidate {
  userId: number;
  roleId: number;
}

/**
 * Who a published deliverable credits (docs/product.md §Projects): its assignees (unless they
 * declined the project) and the project's accepted collaborators, each in their project credit
 * role, once per person and role. People invited by email only are not on Byline yet: they are
 * credited when they join and link the post again. Accounts without a username cannot hold a credit.
 */
async function creditCandidates(tx: EntityManager, deliverable: ProjectDeliverable): Promise<CreditCandidate[]> {
  const rows = await tx.execute<Array<{ user_id: number; credit_role_id: number }>>(
    `select distinct c."user_id", c."credit_role_id" from "project_collaborators" c
       join "users" u on u."id" = c."user_id" and u."username" is not null
      where c."project_id" = ? and c."user_id" is not null
        and (c."status" = 'accepted' or (c."status" <> 'declined' and exists (
          select 1 from "project_deliverable_assignees" a where a."deliverable_id" = ? and a."collaborator_id" = c."id")))
      order by c."user_id", c."credit_role_id"`,
    [deliverable.project.id, deliverable.id],
  );
  return rows.map((row) => ({ userId: Number(row.user_id), roleId: Number(row.credit_role_id) }));
}

/** Of `candidates`, those without a credit in that role on the post already (whatever its answer: a declined credit is not asked again). */
async function withoutCredit(tx: EntityManager, postId: number, candidates: CreditCandidate[]): Promise<CreditCandidate[]> {
  if (candidates.length === 0) return [];
  const held = await tx.find(Credit, { post: postId, user: { $in: candidates.map((candidate) => candidate.userId) } }, { fields: ['id', 'user', 'role'] });
  const taken = new Set(held.map((credit) => `${credit.user?.id}:${credit.role.id}`));
  return candidates.filter((candidate) => !taken.has(`${candidate.userId}:${candidate.roleId}`));
}

/** Of `candidates`, those not offered a credit on this post in that role yet (by this deliverable or another holding the same post). */
async function notOfferedYet(tx: EntityManager, postId: number, candidates: CreditCandidate[]): Promise<CreditCandidate[]> {
  if (candidates.length === 0) return [];
  const rows = await tx.execute<Array<{ user_id: number; credit_role_id: number }>>(
    `select n."user_id", c."credit_role_id" from "notifications" n
       join "project_deliverables" d on d."id" = n."project_deliverable_id"
       join "project_collaborators" c on c."project_id" = d."project_id" and c."user_id" = n."user_id"
      where n."kind" = 'project_credit_offer' and d."post_id" = ? and n."user_id" in (?)`,
    [postId, [...new Set(candidates.map((candidate) => candidate.userId))]],
  );
  const offered = new Set(rows.map((row) => `${row.user_id}:${row.credit_role_id}`));
  return candidates.filter((candidate) => !offered.has(`${candidate.userId}:${candidate.roleId}`));
}

/**
 * Links the post a deliverable went out as (any form of its link; the post is tracked for the
 * viewer as pasting it anywhere would) and marks the deliverable PUBLISHED (docs/product.md
 * §Projects). Its people are then credited on the post as the viewer, following the credit policy:
 * where the viewer may credit others on it, each gets a credit pending their answer (the viewer's
 * own is accepted at once, as every self-credit is); where they may not (someone else's post), each
 * is instead notified with an offer to credit themselves (acceptProjectCreditOffer). Either way once
 * per person and role: linking the post again, or to another deliverable, adds nobody twice.
 */
export async function linkDeliverablePost(services: LinkPostServices, viewer: Viewer, deliverableId: number, url: string): Promise<LinkedPost> {
  // Checked before tracking, so someone who may not change the deliverable cannot start an import through it.
  await requireDeliverable(services.em, viewer, deliverableId, 'edit');
  const tracked = await trackPostByUrl(services, viewer, url);
  if (!tracked.post) throw new InvalidInput(DELIVERABLE_MESSAGES.postStillImporting, { field: 'url' });
  const post = tracked.post;
  return services.em.transactional(async (tx) => {
    const { deliverable, project } = await requireDeliverable(tx, viewer, deliverableId, 'edit');
    deliverable.post = tx.getReference(Post, post.id, { wrapped: true });
    deliverable.status = 'published';
    project.lastActivityAt = new Date();
    await tx.flush();
    const candidates = await withoutCredit(tx, post.id, await creditCandidates(tx, deliverable));
    const proposedCredits: Credit[] = [];
    let offeredCount = 0;
    if (await mayCreditOthersOn(tx, viewer, post)) {
      for (const candidate of candidates) {
        const { credit } = await addCredit({ em: tx, boss: services.boss, publicUrl: services.publicUrl }, viewer, { postId: post.id, roleId: candidate.roleId, person: { userId: toGlobalId('User', candidate.userId) } });
        proposedCredits.push(credit);
      }
    } else {
      for (const candidate of await notOfferedYet(tx, post.id, candidates)) {
        await notifyUser(tx, candidate.userId, {
          kind: 'project_credit_offer',
          message: `“${deliverable.title}” of ${project.name} is out: credit yourself on its post in your project role`,
          link: projectPath(project.publicId, project.slug),
          projectDeliverableId: deliverable.id,
        });
        offeredCount += 1;
      }
    }
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_deliverables', targetId: deliverable.id, fields: { postId: post.id, status: 'published', proposedCredits: proposedCredits.length, offeredCredits: offeredCount } });
    await tx.flush();
    return { deliverable, proposedCredits, offeredCount };
  });
}

/**
 * The viewer takes the credit a published deliverable offers them (docs/product.md §Projects): on
 * its post, in their project credit role, as a self-credit (accepted at once, as the credit policy
 * has it). For the project's people only: its accepted collaborators and its assignees. When they
 * hold that credit already, it is the answer.
 */
export async function acceptCreditOffer(deps: CreditDeps, viewer: Viewer, deliverableId: number): Promise<{ credit: Credit; deliverable: ProjectDeliverable }> {
  return deps.em.transactional(async (tx) => {
    const { deliverable } = await requireDeliverable(tx, viewer, deliverableId, 'see');
    if (!deliverable.post) throw new NotFound(DELIVERABLE_MESSAGES.noCreditOffer);
    const mine = (await creditCandidates(tx, deliverable)).filter((candidate) => candidate.userId === viewer.user.id);
    if (mine.length === 0) throw new NotFound(DELIVERABLE_MESSAGES.noCreditOffer);
    const { roleId } = mine[0]!;
    const held = await tx.findOne(Credit, { post: deliverable.post.id, user: viewer.user.id, role: roleId });
    if (held) return { credit: held, deliverable };
    const { credit } = await addCredit({ ...deps, em: tx }, viewer, { postId: deliverable.post.id, roleId, person: { userId: toGlobalId('User', viewer.user.id) } });
    // The offer is answered: it no longer waits among the viewer's new notifications.
    await markProjectNotificationsSeen(tx, viewer.user.id, 'project_credit_offer', { projectDeliverableId: deliverable.id });
    return { credit, deliverable };
  });
}
