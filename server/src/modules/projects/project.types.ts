import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { CollaboratorPermission, ProjectStatus, ProjectVisibility } from '../../../../domain/projects.js';
import { connectionType } from '../../graphql/connection.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { ProjectPermissionEnum, ProjectStatusEnum, ProjectVisibilityEnum } from './project.enums.js';
import type { ProjectView } from './project.view.js';

@ObjectType('ProjectViewerCan', { description: 'What the viewer may do with a project.' })
export class ProjectViewerCan {
  @Field(() => Boolean, { description: 'Change its name, client, dates and status.' }) edit!: boolean;
  @Field(() => Boolean, { description: 'Add and remove collaborators and make the project public or private.' }) manageCollaborators!: boolean;
  @Field(() => Boolean, { description: 'See its costs: owners and editors only.' }) seeCosts!: boolean;
}

@ObjectType('ProjectAddress', { description: 'A project found by its address, with the address it lives at now.' })
export class ProjectAddress {
  @Field(() => Project, { description: 'The project found; the viewer may see it.' }) project!: ProjectView;
  @Field(() => String, { description: '/projects/{publicId}~{slug} with the current slug: redirect (301) there when it differs from the address asked.' }) canonicalPath!: string;
  @Field(() => Boolean, { description: 'Whether the slug asked is the current one.' }) slugIsCurrent!: boolean;
}

export const ProjectConnection = connectionType('Project', Project, { totalCount: true });
export const ProjectCollaboratorConnection = connectionType('ProjectCollaborator', ProjectCollaborator, { totalCount: true });

@InputType('CreateProjectInput', { description: 'A new project: its name, owner, client, dates, status and visibility.' })
export class CreateProjectInput {
  @Field(() => String, { description: '1 to 120 characters.' }) name!: string;
  @Field(() => ID, { nullable: true, description: 'A Team’s global id: the team owns the project (you must be one of its managers). Without it, you own it.' }) ownerTeamId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The client as a company on Byline: a User’s global id. Give this or clientName.' }) clientUserId?: string | null;
  @Field(() => String, { nullable: true, description: 'The client’s name, when they are not on Byline.' }) clientName?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) startsOn?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not before startsOn.' }) endsOn?: string | null;
  @Field(() => ProjectStatusEnum, { nullable: true, description: 'PLANNING when not given.' }) status?: ProjectStatus | null;
  @Field(() => ProjectVisibilityEnum, { nullable: true, description: 'PRIVATE when not given.' }) visibility?: ProjectVisibility | null;
}

@ObjectType('CreateProjectPayload', { description: 'The project created.' })
export class CreateProjectPayload {
  @Field(() => Project, { description: 'The new project, with the viewer (or the team) as its owner.' }) project!: Project;
}

@InputType('UpdateProjectInput', { description: 'A field left out stays as it is; null clears a client or a date. Archive a project by setting its status to ARCHIVED.' })
export class UpdateProjectInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => String, { nullable: true, description: 'A new name gives a new slug; old addresses still lead to the project.' }) name?: string | null;
  @Field(() => ID, { nullable: true, description: 'The client as a company on Byline: a User’s global id; replaces clientName. Null clears it.' }) clientUserId?: string | null;
  @Field(() => String, { nullable: true, description: 'The client’s name when they are not on Byline; replaces clientUserId. Null clears it.' }) clientName?: string | null;
  @Field(() => String, { nullable: true, description: 'The first day, as YYYY-MM-DD; null clears it.' }) startsOn?: string | null;
  @Field(() => String, { nullable: true, description: 'The last day, as YYYY-MM-DD, not before startsOn; null clears it.' }) endsOn?: string | null;
  @Field(() => ProjectStatusEnum, { nullable: true, description: 'The new status; ARCHIVED puts the project away without deleting it.' }) status?: ProjectStatus | null;
  @Field(() => ProjectVisibilityEnum, { nullable: true, description: 'Owners only.' }) visibility?: ProjectVisibility | null;
}

@ObjectType('UpdateProjectPayload', { description: 'The project after the change.' })
export class UpdateProjectPayload {
  @Field(() => Project, { description: 'The project, as it now is.' }) project!: Project;
}

@InputType('AddProjectCollaboratorInput', { description: 'A project and exactly one person: a user or an email address.' })
export class AddProjectCollaboratorInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => ID, { nullable: true, description: 'A User’s global id.' }) userId?: string | null;
  @Field(() => String, { nullable: true, description: 'Someone’s email address: they join when they accept, signed in with it. It is never shown as their name.' }) email?: string | null;
  @Field(() => ID, { description: 'The CreditRole’s global id (Director, Photographer…), as addCredit takes it.' }) roleId!: string;
  @Field(() => ProjectPermissionEnum, { description: 'What they may do once they accept: OWNER, EDITOR or VIEWER.' }) permission!: CollaboratorPermission;
}

@ObjectType('AddProjectCollaboratorPayload', { description: 'The invitation made.' })
export class AddProjectCollaboratorPayload {
  @Field(() => ProjectCollaborator, { description: 'The new collaborator, PENDING until they accept or decline.' }) collaborator!: ProjectCollaborator;
}

@InputType('RemoveProjectCollaboratorInput', { description: 'The collaborator to take out of the project.' })
export class RemoveProjectCollaboratorInput {
  @Field(() => ID, { description: 'The ProjectCollaborator’s global id; your own to leave the project.' }) collaboratorId!: string;
}

@ObjectType('RemoveProjectCollaboratorPayload', { description: 'Who was taken out, and the project if still visible.' })
export class RemoveProjectCollaboratorPayload {
  @Field(() => ID, { description: 'The global id the ProjectCollaborator had, to drop it from a client’s cache.' }) removedCollaboratorId!: string;
  @Field(() => Project, { nullable: true, description: 'The project, when you may still see it.' }) project!: Project | null;
}

@InputType('RespondToProjectInvitationInput', { description: 'The viewer’s answer to an invitation into a project.' })
export class RespondToProjectInvitationInput {
  @Field(() => ID, { description: 'The ProjectCollaborator’s global id from the invitation.' }) collaboratorId!: string;
  @Field(() => Boolean, { description: 'True to accept, false to decline.' }) accept!: boolean;
}

@ObjectType('RespondToProjectInvitationPayload', { description: 'The invitation with its answer.' })
export class RespondToProjectInvitationPayload {
  @Field(() => ProjectCollaborator, { description: 'The viewer’s place in the project, now ACCEPTED or DECLINED.' }) collaborator!: ProjectCollaborator;
}
