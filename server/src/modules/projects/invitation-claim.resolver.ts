import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { answerInvitationByClaimLink, findClaimableInvitation, invitationClaimExpiresAt } from './invitation-claims.js';
import { ClaimProjectInvitationInput, ClaimProjectInvitationPayload, ProjectInvitationClaim } from './invitation-claim.types.js';
import { loadCreditRole, loadProject, loadUser } from './project.loaders.js';
import { findVisibleProjects } from './project.service.js';

/** "j…@example.com": enough for the holder of the link to know it is theirs, never the whole address. */
function hiddenAddress(email: string | null): string {
  const [local = '', domain = ''] = (email ?? '').split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}

/** The claim link mailed to someone invited into a project before they were on Byline (docs/product.md §Projects). */
@Resolver()
export class ProjectInvitationClaimResolver {
  @Query(() => ProjectInvitationClaim, {
    nullable: true,
    description: 'What a project claim link (/projects/invitations/{token}) offers, for its page; open to signed-out visitors. Null when the link is unknown, already used or expired.',
  })
  async projectInvitationClaim(@Arg('token', () => String, { description: 'The token from the claim link (/projects/invitations/{token}).' }) token: string, @Ctx() { em }: RequestContext): Promise<ProjectInvitationClaim | null> {
    const collaborator = await findClaimableInvitation(em, token);
    if (!collaborator) return null;
    const [project, role, invitedBy] = await Promise.all([loadProject(em, collaborator.project.id), loadCreditRole(em, collaborator.creditRole.id), collaborator.invitedBy ? loadUser(em, collaborator.invitedBy.id) : null]);
    if (!project || !role) return null;
    return { projectName: project.name, invitedBy, role, permission: collaborator.permission, inviteeDisplayName: hiddenAddress(collaborator.invitedEmail), expiresAt: invitationClaimExpiresAt(collaborator) };
  }

  @Mutation(() => ClaimProjectInvitationPayload, {
    description: 'Answers the invitation behind a project claim link (signed in). Accepting makes it the viewer’s, whatever address they signed up with; the link works once.',
  })
  async claimProjectInvitation(@Arg('input', () => ClaimProjectInvitationInput, { description: 'The token and the answer.' }) input: ClaimProjectInvitationInput, @Ctx() context: RequestContext): Promise<ClaimProjectInvitationPayload> {
    const collaborator = await answerInvitationByClaimLink(context.em, context.viewer, input.token, input.accept);
    const [project] = await findVisibleProjects(context.em, context.viewer, [collaborator.project.id]);
    return { collaborator, project: project ?? null };
  }
}
