import { Arg, Args, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { isDeliverableOverdue, PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { NotFound } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { ForwardPageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { Network, NETWORKS } from '../networks/index.js';
import { Notification } from '../notifications/index.js';
import type { NotificationView } from '../notifications/index.js';
import { Post } from '../posts/index.js';
import { requireViewer } from '../users/index.js';
import type { RequestContext } from '../users/index.js';
import { acceptCreditOffer, linkDeliverablePost } from './deliverable-credits.service.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { deliverableConnection, loadAssignees, loadCollaborator, loadDeliverable, loadDeliverablePost } from './deliverable.loaders.js';
import { loadProject } from './project.loaders.js';
import { createDeliverable, deleteDeliverable, todayUtc, updateDeliverable, type DeliverableChanges } from './deliverable.service.js';
import {
  AcceptProjectCreditOfferInput,
  AcceptProjectCreditOfferPayload,
  CreateProjectDeliverableInput,
  CreateProjectDeliverablePayload,
  DeleteProjectDeliverableInput,
  DeleteProjectDeliverablePayload,
  LinkProjectDeliverablePostInput,
  LinkProjectDeliverablePostPayload,
  ProjectDeliverableConnection,
  UpdateProjectDeliverableInput,
  UpdateProjectDeliverablePayload,
} from './deliverable.types.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { viewerAccess } from './project.service.js';
import type { ProjectView } from './project.view.js';

/** A form's fields as service changes: only the fields sent. */
function readChanges(input: CreateProjectDeliverableInput | UpdateProjectDeliverableInput): DeliverableChanges {
  const changes: DeliverableChanges = {};
  if (input.title !== undefined && input.title !== null) changes.title = input.title;
  if (input.networkId !== undefined && input.networkId !== null) changes.networkId = parseGlobalId(input.networkId, 'Network');
  if (input.postType !== undefined && input.postType !== null) changes.postType = input.postType;
  if (input.dueOn !== undefined && input.dueOn !== null) changes.dueOn = input.dueOn;
  if ('status' in input && input.status) changes.status = input.status;
  if (input.assigneeIds !== undefined && input.assigneeIds !== null) changes.assigneeIds = input.assigneeIds.map((id) => parseGlobalId(id, 'ProjectCollaborator'));
  return changes;
}

/** The deliverable's project: already in the request's identity map when the deliverable came through its project. */
/** A deliverable's project, batched with the rest of the response's (a notifications page names many). */
async function projectOf({ em }: RequestContext, deliverable: ProjectDeliverable): Promise<ProjectView> {
  const project = await loadProject(em, deliverable.project.id);
  // The foreign key deletes a deliverable with its project, so it is there.
  if (!project) throw new Error(`Deliverable ${deliverable.id} without its project`);
  return project;
}

/** Project.deliverables, in a class of its own so the project's other fields stay in project.resolver.ts. */
@Resolver(() => Project)
export class ProjectDeliverablesFieldResolver {
  @FieldResolver(() => ProjectDeliverableConnection, { description: 'What the project is to publish, by due date, then in the order they were added. Visitors of a public project see them too.' })
  async deliverables(@Root() project: ProjectView, @Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<ProjectDeliverable>> {
    if ((await viewerAccess(em, viewer, project)) === 'none') throw new NotFound(PROJECT_MESSAGES.projectNotFound);
    return deliverableConnection(em, project.id, readKeysetPage(page));
  }
}

@Resolver(() => ProjectDeliverable)
export class ProjectDeliverableResolver {
  @FieldResolver(() => Project, { description: 'The project the deliverable belongs to.' })
  project(@Root() deliverable: ProjectDeliverable, @Ctx() context: RequestContext): Promise<ProjectView> {
    return projectOf(context, deliverable);
  }

  @FieldResolver(() => Network, { description: 'The network it is to be published on.' })
  network(@Root() deliverable: ProjectDeliverable, @Ctx() { em }: RequestContext): Network | Promise<Network> {
    return NETWORKS.byId(em, deliverable.network.id);
  }

  @FieldResolver(() => [ProjectCollaborator], { description: 'The collaborators it is assigned to (at most 50), in the order they joined the project. Visitors of a public project see only those who accepted.' })
  async assignees(@Root() deliverable: ProjectDeliverable, @Ctx() context: RequestContext): Promise<ProjectCollaborator[]> {
    const [assignees, access] = await Promise.all([loadAssignees(context.em, deliverable.id), projectOf(context, deliverable).then((project) => viewerAccess(context.em, context.viewer, project))]);
    return access === 'public' ? assignees.filter((row) => row.status === 'accepted') : assignees;
  }

  @FieldResolver(() => Post, { nullable: true, description: 'The post it was published as, once linked (and while the viewer may see it).' })
  post(@Root() deliverable: ProjectDeliverable, @Ctx() { em, viewer }: RequestContext): Post | null | Promise<Post | null> {
    return deliverable.post ? loadDeliverablePost(em, viewer, deliverable.post.id) : null;
  }

  @FieldResolver(() => Boolean, { description: 'Its due day is over (UTC) and it is not published yet: show it as overdue.' })
  isOverdue(@Root() deliverable: ProjectDeliverable): boolean {
    return isDeliverableOverdue(deliverable, todayUtc());
  }

  @Mutation(() => CreateProjectDeliverablePayload, { description: 'Adds a deliverable to a project: owners and editors.' })
  async createProjectDeliverable(@Arg('input', () => CreateProjectDeliverableInput, { description: 'The project and the new deliverable.' }) input: CreateProjectDeliverableInput, @Ctx() context: RequestContext): Promise<CreateProjectDeliverablePayload> {
    const viewer = requireViewer(context);
    const changes = readChanges(input);
    const deliverable = await createDeliverable(context.em, viewer, parseGlobalId(input.projectId, 'Project'), { ...changes, title: input.title, networkId: parseGlobalId(input.networkId, 'Network'), postType: input.postType, dueOn: input.dueOn });
    return { deliverable };
  }

  @Mutation(() => UpdateProjectDeliverablePayload, { description: 'Changes a deliverable (its assignees included): owners and editors.' })
  async updateProjectDeliverable(@Arg('input', () => UpdateProjectDeliverableInput, { description: 'The deliverable and what changes.' }) input: UpdateProjectDeliverableInput, @Ctx() context: RequestContext): Promise<UpdateProjectDeliverablePayload> {
    const viewer = requireViewer(context);
    return { deliverable: await updateDeliverable(context.em, viewer, parseGlobalId(input.deliverableId, 'ProjectDeliverable'), readChanges(input)) };
  }

  @Mutation(() => DeleteProjectDeliverablePayload, { description: 'Deletes a deliverable: owners and editors. Its post and the credits on it stay.' })
  async deleteProjectDeliverable(@Arg('input', () => DeleteProjectDeliverableInput, { description: 'The deliverable to delete.' }) input: DeleteProjectDeliverableInput, @Ctx() context: RequestContext): Promise<DeleteProjectDeliverablePayload> {
    const viewer = requireViewer(context);
    const id = parseGlobalId(input.deliverableId, 'ProjectDeliverable');
    return { deletedDeliverableId: toGlobalId('ProjectDeliverable', id), project: await deleteDeliverable(context.em, viewer, id) };
  }

  @Mutation(() => LinkProjectDeliverablePostPayload, {
    description:
      'Links the post a deliverable was published as (owners and editors): it becomes PUBLISHED, and its assignees and the project’s accepted collaborators are credited on the post in their project roles, pending their answer; where you may not credit others on that post, they are offered to credit themselves instead. Once per person and role.',
  })
  async linkProjectDeliverablePost(@Arg('input', () => LinkProjectDeliverablePostInput, { description: 'The deliverable and its post’s link.' }) input: LinkProjectDeliverablePostInput, @Ctx() context: RequestContext): Promise<LinkProjectDeliverablePostPayload> {
    const viewer = requireViewer(context);
    const linked = await linkDeliverablePost(
      { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs, publicUrl: context.config.publicUrl },
      viewer,
      parseGlobalId(input.deliverableId, 'ProjectDeliverable'),
      input.url,
    );
    return { deliverable: linked.deliverable, proposedCreditCount: linked.proposedCredits.length, offeredCreditCount: linked.offeredCount };
  }

  @Mutation(() => AcceptProjectCreditOfferPayload, { description: 'Takes the credit a published deliverable offers you (PROJECT_CREDIT_OFFER): on its post, in your project role, as your own credit.' })
  async acceptProjectCreditOffer(@Arg('input', () => AcceptProjectCreditOfferInput, { description: 'The deliverable whose offer to take.' }) input: AcceptProjectCreditOfferInput, @Ctx() context: RequestContext): Promise<AcceptProjectCreditOfferPayload> {
    const viewer = requireViewer(context);
    return acceptCreditOffer({ em: context.em, boss: context.boss, publicUrl: context.config.publicUrl }, viewer, parseGlobalId(input.deliverableId, 'ProjectDeliverable'));
  }
}

/** What a project notification is about, as the viewer may see it (docs/product.md §Projects). */
@Resolver(() => Notification)
export class NotificationProjectResolver {
  @FieldResolver(() => ProjectCollaborator, {
    nullable: true,
    description: 'For PROJECT_INVITATION: the invitation, while it exists. Answer it with respondToProjectInvitation(collaboratorId: its id) while its status is PENDING.',
  })
  async projectCollaborator(@Root() notification: NotificationView, @Ctx() context: RequestContext): Promise<ProjectCollaborator | null> {
    if (notification.projectCollaboratorId === null) return null;
    const collaborator = await loadCollaborator(context.em, notification.projectCollaboratorId);
    if (!collaborator) return null;
    if (context.viewer && collaborator.user?.id === context.viewer.user.id) return collaborator;
    const project = await loadProject(context.em, collaborator.project.id);
    return project && (await viewerAccess(context.em, context.viewer, project)) !== 'none' ? collaborator : null;
  }

  @FieldResolver(() => ProjectDeliverable, { nullable: true, description: 'For PROJECT_DELIVERABLE_ASSIGNED: the deliverable. For PROJECT_CREDIT_OFFER: the published deliverable; accept with acceptProjectCreditOffer(deliverableId: its id).' })
  async projectDeliverable(@Root() notification: NotificationView, @Ctx() context: RequestContext): Promise<ProjectDeliverable | null> {
    if (notification.projectDeliverableId === null) return null;
    const deliverable = await loadDeliverable(context.em, notification.projectDeliverableId);
    if (!deliverable) return null;
    return (await viewerAccess(context.em, context.viewer, await projectOf(context, deliverable))) === 'none' ? null : deliverable;
  }
}

