import { Field, InputType, ObjectType } from 'type-graphql';
import type { CollaboratorPermission } from '../../../../domain/projects.js';
import { CreditRole } from '../credits/index.js';
import { User } from '../users/index.js';
import type { UserView } from '../users/index.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { ProjectPermissionEnum } from './project.enums.js';

@ObjectType('ProjectInvitationClaim', { description: 'What a project claim link (/projects/invitations/{token}) offers, for its page: the project’s name, who invited and in which role.' })
export class ProjectInvitationClaim {
  @Field(() => String, { description: 'The project’s name (shown to the link’s holder even when the project is private; nothing else of it is).' }) projectName!: string;
  @Field(() => User, { nullable: true, description: 'Who sent the invitation; null for a former member.' }) invitedBy!: UserView | null;
  @Field(() => CreditRole, { description: 'The credit role the invitee would have in the project.' }) role!: CreditRole;
  @Field(() => ProjectPermissionEnum, { description: 'What the invitee would be allowed to do in the project.' }) permission!: CollaboratorPermission;
  @Field(() => String, { description: 'Who was invited: the email address hidden but for its first letter and domain (j…@example.com).' }) inviteeDisplayName!: string;
  @Field(() => Date, { description: 'When the link stops working.' }) expiresAt!: Date;
}

@InputType('ClaimProjectInvitationInput', { description: 'The token of a project claim link and the answer to it.' })
export class ClaimProjectInvitationInput {
  @Field(() => String, { description: 'The token from the claim link (/projects/invitations/{token}).' }) token!: string;
  @Field(() => Boolean, { description: 'True to accept (the invitation becomes the viewer’s), false to decline.' }) accept!: boolean;
}

@ObjectType('ClaimProjectInvitationPayload', { description: 'The invitation with its answer, and the project if now visible.' })
export class ClaimProjectInvitationPayload {
  @Field(() => ProjectCollaborator, { description: 'The invitation, now the viewer’s if accepted: ACCEPTED or DECLINED.' }) collaborator!: ProjectCollaborator;
  @Field(() => Project, { nullable: true, description: 'The project, when the viewer may now see it (after accepting, or a public one).' }) project!: Project | null;
}
