import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { projectAbilities, projectPath, PROJECT_MESSAGES, type ProjectStatus } from '../../../../domain/projects.js';
import { childConnection, type ChildList } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { ForwardPageArgs, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { requireViewer, User } from '../users/index.js';
import type { RequestContext, UserView } from '../users/index.js';
import { addCollaborator, removeCollaborator, respondToInvitation, type Invitee } from './collaborator.service.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { ProjectStatusEnum } from './project.enums.js';
import { listViewerInvitations } from './invitation.service.js';
import { isInvitee } from './project.policy.js';
import { loadCreditRole, loadProject, loadTeam, loadUser } from './project.loaders.js';
import { listViewerProjects } from './project-list.service.js';
import { createProject, findProjectByPublicId, findVisibleProjects, updateProject, viewerAccess, type ProjectChanges } from './project.service.js';
import {
  AddProjectCollaboratorInput,
  AddProjectCollaboratorPayload,
  CreateProjectInput,
  CreateProjectPayload,
  ProjectAddress,
  ProjectCollaboratorConnection,
  ProjectConnection,
  ProjectViewerCan,
  RemoveProjectCollaboratorInput,
  RemoveProjectCollaboratorPayload,
  RespondToProjectInvitationInput,
  RespondToProjectInvitationPayload,
  UpdateProjectInput,
  UpdateProjectPayload,
} from './project.types.js';
import { collaboratorViewFromColumns, type ProjectCollaboratorColumns, type ProjectCollaboratorView, type ProjectView } from './project.view.js';

// In the order people were added, as a credits list reads. Visitors of a public project see only
// those who accepted: an invitation is between the project and the invitee until answered.
// Read as rows for display (project.view.ts): a tab of collaborators built as entities cost more CPU than its SQL.
const COLLABORATORS: ChildList<ProjectCollaboratorView, ProjectCollaboratorColumns> = {
  name: 'project-collaborators',
  entity: ProjectCollaborator,
  table: 'project_collaborators',
  parentColumn: 'project_id',
  order: 'asc',
  fromRow: collaboratorViewFromColumns,
};
const ACCEPTED_COLLABORATORS = { ...COLLABORATORS, name: 'project-collaborators-accepted', filterSql: `t."status" = 'accepted'` } as const;

/** A form's fields as service changes: only the fields sent (GraphQL leaves out the rest). */
function readChanges(input: CreateProjectInput | UpdateProjectInput): ProjectChanges {
  const changes: ProjectChanges = {};
  if (input.name !== undefined && input.name !== null) changes.name = input.name;
  if (input.clientUserId !== undefined) changes.clientUserId = input.clientUserId === null ? null : parseGlobalId(input.clientUserId, 'User');
  if (input.clientName !== undefined) changes.clientName = input.clientName;
  if (input.startsOn !== undefined) changes.startsOn = input.startsOn;
  if (input.endsOn !== undefined) changes.endsOn = input.endsOn;
  if (input.status) changes.status = input.status;
  if (input.visibility) changes.visibility = input.visibility;
  return changes;
}

function readInvitee(input: AddProjectCollaboratorInput): Invitee {
  if (input.userId && !input.email) return { userId: parseGlobalId(input.userId, 'User') };
  if (input.email && !input.userId) return { email: input.email };
  throw new InvalidInput(PROJECT_MESSAGES.oneInvitee);
}

@Resolver(() => Project)
export class ProjectResolver {
  @Query(() => ProjectAddress, {
    nullable: true,
    description: 'The project at /projects/{publicId}~{slug}, with its current address. Null for an unknown id or a private project the viewer may not see. Any slug (an old one, a wrong one, none) finds the project: redirect to canonicalPath when slugIsCurrent is false.',
  })
  async projectByAddress(@Arg('publicId', () => String, { description: 'The project’s public id: the 10 letters and digits before the ~ in its address.' }) publicId: string, @Arg('slug', () => String, { nullable: true, description: 'The slug after the ~, if the address had one; it only decides slugIsCurrent.' }) slug: string | null, @Ctx() context: RequestContext): Promise<ProjectAddress | null> {
    const found = await findProjectByPublicId(context.em, context.viewer, publicId);
    if (!found) return null;
    const { project } = found;
    return { project, canonicalPath: projectPath(project.publicId, project.slug), slugIsCurrent: slug === project.slug };
  }

  @Query(() => ProjectConnection, { description: 'The viewer’s projects: those they own, collaborate on or see through a team, most recently active first.' })
  projects(
    @Args(() => ForwardPageArgs) page: ForwardPageArgs,
    @Arg('status', () => ProjectStatusEnum, { nullable: true, description: 'Only projects in this status; every status when omitted.' }) status: ProjectStatus | null,
    @Arg('teamId', () => ID, { nullable: true, description: 'A Team’s global id: only that team’s projects.' }) teamId: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Any part of the name, whatever the case.' }) search: string | null,
    @Ctx() context: RequestContext,
  ): Promise<Connection<ProjectView>> {
    const viewer = requireViewer(context);
    return listViewerProjects(context.em, viewer, readKeysetPage(page), { status, teamId: teamId ? parseGlobalId(teamId, 'Team') : null, search });
  }

  @Query(() => ProjectCollaboratorConnection, { description: 'Invitations to projects waiting for the viewer’s answer, newest first; answer with respondToProjectInvitation.' })
  projectInvitations(@Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() context: RequestContext): Promise<Connection<ProjectCollaborator>> {
    return listViewerInvitations(context.em, requireViewer(context), readKeysetPage(page));
  }

  @FieldResolver(() => String, { description: 'The project’s page: /projects/{publicId}~{slug}.' })
  path(@Root() project: ProjectView): string {
    return projectPath(project.publicId, project.slug);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The client’s name: the company on Byline (see clientUser) or the name given.' })
  async client(@Root() project: ProjectView, @Ctx() { em }: RequestContext): Promise<string | null> {
    if (project.clientUser) {
      const company = await loadUser(em, project.clientUser.id);
      return company?.name ?? company?.username ?? null;
    }
    return project.clientName;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The client, when it is a company on Byline.' })
  async clientUser(@Root() project: ProjectView, @Ctx() { em }: RequestContext): Promise<UserView | null> {
    return project.clientUser ? loadUser(em, project.clientUser.id) : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The person who owns the project; null when a team does.' })
  async ownerUser(@Root() project: ProjectView, @Ctx() { em }: RequestContext): Promise<UserView | null> {
    return project.ownerUser ? loadUser(em, project.ownerUser.id) : null;
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The team that owns the project; null when a person does.' })
  async ownerTeam(@Root() project: ProjectView, @Ctx() { em }: RequestContext): Promise<Team | null> {
    return project.ownerTeam ? loadTeam(em, project.ownerTeam.id) : null;
  }

  @FieldResolver(() => ProjectViewerCan, { description: 'What the viewer may do with the project; all false for a visitor of a public project.' })
  async viewerCan(@Root() project: ProjectView, @Ctx() { em, viewer }: RequestContext): Promise<ProjectViewerCan> {
    const { edit, manageCollaborators, seeCosts } = projectAbilities(await viewerAccess(em, viewer, project));
    return { edit, manageCollaborators, seeCosts };
  }

  @FieldResolver(() => ProjectCollaboratorConnection, { description: 'The people in the project, in the order they were added. Visitors of a public project see only those who accepted.' })
  async collaborators(@Root() project: ProjectView, @Args(() => PageArgs) page: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<ProjectCollaboratorView>> {
    const access = await viewerAccess(em, viewer, project);
    // A project reaches a client only through queries that check it, but its people are checked here too.
    if (access === 'none') throw new NotFound(PROJECT_MESSAGES.projectNotFound);
    return childConnection(em, access === 'public' ? ACCEPTED_COLLABORATORS : COLLABORATORS, project.id, readKeysetPage(page));
  }

  @Mutation(() => CreateProjectPayload, { description: 'Starts a project, owned by you or by a team you manage.' })
  async createProject(@Arg('input', () => CreateProjectInput, { description: 'The new project.' }) input: CreateProjectInput, @Ctx() context: RequestContext): Promise<CreateProjectPayload> {
    const viewer = requireViewer(context);
    const ownerTeamId = input.ownerTeamId ? parseGlobalId(input.ownerTeamId, 'Team') : null;
    return { project: await createProject(context.em, viewer, { ...readChanges(input), name: input.name, ownerTeamId }) };
  }

  @Mutation(() => UpdateProjectPayload, { description: 'Changes a project: owners and editors; its visibility: owners only.' })
  async updateProject(@Arg('input', () => UpdateProjectInput, { description: 'The project and what changes.' }) input: UpdateProjectInput, @Ctx() context: RequestContext): Promise<UpdateProjectPayload> {
    const viewer = requireViewer(context);
    return { project: await updateProject(context.em, viewer, parseGlobalId(input.projectId, 'Project'), readChanges(input)) };
  }

  @Mutation(() => AddProjectCollaboratorPayload, { description: 'Invites someone into a project with a credit role and a permission (owners only); they accept or decline.' })
  async addProjectCollaborator(@Arg('input', () => AddProjectCollaboratorInput, { description: 'The project, the person and their role and permission.' }) input: AddProjectCollaboratorInput, @Ctx() context: RequestContext): Promise<AddProjectCollaboratorPayload> {
    const viewer = requireViewer(context);
    const collaborator = await addCollaborator(context.em, viewer, parseGlobalId(input.projectId, 'Project'), readInvitee(input), parseGlobalId(input.roleId, 'CreditRole'), input.permission, { boss: context.boss, publicUrl: context.config.publicUrl });
    return { collaborator };
  }

  @Mutation(() => RemoveProjectCollaboratorPayload, { description: 'Takes someone out of a project (owners), or leaves it (your own).' })
  async removeProjectCollaborator(@Arg('input', () => RemoveProjectCollaboratorInput, { description: 'The collaborator to take out.' }) input: RemoveProjectCollaboratorInput, @Ctx() context: RequestContext): Promise<RemoveProjectCollaboratorPayload> {
    const viewer = requireViewer(context);
    const removed = await removeCollaborator(context.em, viewer, parseGlobalId(input.collaboratorId, 'ProjectCollaborator'));
    const [project] = await findVisibleProjects(context.em, viewer, [removed.project.id]);
    return { removedCollaboratorId: toGlobalId('ProjectCollaborator', removed.id), project: project ?? null };
  }

  @Mutation(() => RespondToProjectInvitationPayload, { description: 'Accepts or declines your invitation to a project.' })
  async respondToProjectInvitation(@Arg('input', () => RespondToProjectInvitationInput, { description: 'The invitation and the answer.' }) input: RespondToProjectInvitationInput, @Ctx() context: RequestContext): Promise<RespondToProjectInvitationPayload> {
    const viewer = requireViewer(context);
    return { collaborator: await respondToInvitation(context.em, viewer, parseGlobalId(input.collaboratorId, 'ProjectCollaborator'), input.accept) };
  }
}

@Resolver(() => ProjectCollaborator)
export class ProjectCollaboratorResolver {
  @FieldResolver(() => User, { nullable: true, description: 'The person; null while an invitation by email is unanswered (the address is never shown).' })
  async user(@Root() collaborator: ProjectCollaboratorView, @Ctx() { em }: RequestContext): Promise<UserView | null> {
    return collaborator.user ? loadUser(em, collaborator.user.id) : null;
  }

  @FieldResolver(() => Project, {
    nullable: true,
    description: 'The project: for those who may see it, and for the invitee, who learns its name and owner before answering. Null for anyone else.',
  })
  async project(@Root() collaborator: ProjectCollaboratorView, @Ctx() { em, viewer }: RequestContext): Promise<ProjectView | null> {
    const project = await loadProject(em, collaborator.project.id);
    if (!project) return null;
    return isInvitee(viewer, collaborator) || (await viewerAccess(em, viewer, project)) !== 'none' ? project : null;
  }

  @FieldResolver(() => Boolean, { description: 'Invited by email and not yet on the project: show as an invitee.' })
  isEmailInvitation(@Root() collaborator: ProjectCollaboratorView): boolean {
    return collaborator.user === null;
  }

  @FieldResolver(() => CreditRole, { description: 'Their role in the project, as their credits will carry it.' })
  async creditRole(@Root() collaborator: ProjectCollaboratorView, @Ctx() { em }: RequestContext): Promise<CreditRole> {
    const role = await loadCreditRole(em, collaborator.creditRole.id);
    // The foreign key restricts deleting a role in use, so it is there.
    if (!role) throw new Error(`Collaborator without its credit role ${collaborator.creditRole.id}`);
    return role;
  }
}
