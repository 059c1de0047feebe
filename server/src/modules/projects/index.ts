/**
 * What the projects module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { ProjectConcept } from './concept.entity.js';
export { projectConceptNode } from './concept.node.js';
export { ProjectConceptResolver, ProjectConceptsResolver } from './concept.resolver.js';
export { conceptMediaRoutes, conceptPictureUploadRoutes } from './concept.routes.js';
export { Project, ProjectCollaborator } from './project.entity.js';
export { projectCollaboratorNode, projectNode } from './project.node.js';
export { ProjectCollaboratorResolver, ProjectResolver } from './project.resolver.js';
export { ProjectDeliverable } from './deliverable.entity.js';
export { projectDeliverableNode } from './deliverable.node.js';
export { NotificationProjectResolver, ProjectDeliverableResolver, ProjectDeliverablesFieldResolver } from './deliverable.resolver.js';
export { ProjectCost } from './cost.entity.js';
export { projectCostNode } from './cost.node.js';
export { ProjectCostResolver, ProjectCostsResolver } from './cost.resolver.js';
export { projectRoutes } from './project.routes.js';
export { ProjectResultsResolver } from './results.resolver.js';
export { findReadableProject, projectResultPostsSql } from './results.service.js';
export { DeliverableCreditOfferResolver } from './credit-offer.resolver.js';
export { ProfileProjectResolver, ProfileProjectsResolver } from './profile-projects.resolver.js';
export { ProjectInvitationClaimResolver } from './invitation-claim.resolver.js';
export { startProjectsModule } from './invitation-mail.js';
export { addCollaborator } from './collaborator.service.js';
export type { InvitationMailDeps } from './invitation-mail.js';
