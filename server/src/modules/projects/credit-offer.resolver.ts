import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { CreditRole } from '../credits/index.js';
import type { RequestContext } from '../users/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { loadOfferedRoleId } from './credit-offer.loaders.js';
import { loadCreditRole } from './project.loaders.js';

/** What a PROJECT_CREDIT_OFFER notification offers its reader (docs/product.md §Projects): "Credit me as {role}". */
@Resolver(() => ProjectDeliverable)
export class DeliverableCreditOfferResolver {
  @FieldResolver(() => CreditRole, {
    nullable: true,
    description: 'The role acceptProjectCreditOffer would credit the viewer in: their project credit role, when they are one of the project’s people (an accepted collaborator, or an assignee who has not declined). Null for anyone else and signed out.',
  })
  async viewerCreditRole(@Root() deliverable: ProjectDeliverable, @Ctx() { em, viewer }: RequestContext): Promise<CreditRole | null> {
    if (!viewer) return null;
    const roleId = await loadOfferedRoleId(em, viewer.user.id, deliverable.id);
    return roleId === null ? null : loadCreditRole(em, roleId);
  }
}
