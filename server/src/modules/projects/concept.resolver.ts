import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { ForwardPageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { NotFound } from '../../errors/app-errors.js';
import { Post } from '../posts/index.js';
import { requireViewer } from '../users/index.js';
import type { RequestContext } from '../users/index.js';
import { ProjectConcept } from './concept.entity.js';
import { loadConceptPage, loadConceptPost } from './concept.loaders.js';
import { CONCEPT_PICTURE_STORED_WIDTH, conceptPicturePath } from './concept.picture-store.js';
import { addNoteConcept, addPostConcept, deleteConcept, moveConcept, updateConcept, type ConceptChanges } from './concept.service.js';
import {
  AddProjectConceptNoteInput,
  AddProjectConceptNotePayload,
  AddProjectConceptPostPayload,
  AddProjectConceptPostInput,
  DeleteProjectConceptInput,
  DeleteProjectConceptPayload,
  MoveProjectConceptInput,
  MoveProjectConceptPayload,
  ProjectConceptConnection,
  UpdateProjectConceptInput,
  UpdateProjectConceptPayload,
} from './concept.types.js';
import { Project } from './project.entity.js';
import { viewerAccess } from './project.service.js';
import type { ProjectView } from './project.view.js';

/**
 * The project's board (docs/product.md §Projects). Its own resolver class, apart from
 * project.resolver.ts, so each part of a project keeps to its own files.
 */
@Resolver(() => Project)
export class ProjectConceptsResolver {
  @FieldResolver(() => ProjectConceptConnection, { description: 'The board: pictures, posts and notes, in board order (see ProjectConcept.position). Pictures are added through POST /api/projects/{databaseId}/concepts/picture.' })
  async concepts(@Root() project: ProjectView, @Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<ProjectConcept>> {
    // A project reaches a client only through queries that check it, but its board is checked here too.
    if ((await viewerAccess(em, viewer, project)) === 'none') throw new NotFound(PROJECT_MESSAGES.projectNotFound);
    return loadConceptPage(em, project.id, readKeysetPage(page));
  }

  @Mutation(() => AddProjectConceptPostPayload, { description: 'Adds a link to a post to the end of a project’s board (owners and editors). The link is tracked as trackPost tracks it; the concept shows the post once its import lands.' })
  async addProjectConceptPost(@Arg('input', () => AddProjectConceptPostInput, { description: 'The project and the post link to add.' }) input: AddProjectConceptPostInput, @Ctx() context: RequestContext): Promise<AddProjectConceptPostPayload> {
    const viewer = requireViewer(context);
    const services = { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs };
    return { concept: await addPostConcept(services, viewer, parseGlobalId(input.projectId, 'Project'), input.url, input.caption) };
  }

  @Mutation(() => AddProjectConceptNotePayload, { description: 'Adds a note to the end of a project’s board (owners and editors).' })
  async addProjectConceptNote(@Arg('input', () => AddProjectConceptNoteInput, { description: 'The project and the note to add.' }) input: AddProjectConceptNoteInput, @Ctx() context: RequestContext): Promise<AddProjectConceptNotePayload> {
    const viewer = requireViewer(context);
    return { concept: await addNoteConcept(context.em, viewer, parseGlobalId(input.projectId, 'Project'), input.note, input.caption) };
  }

  @Mutation(() => UpdateProjectConceptPayload, { description: 'Changes a concept’s caption, or a note’s text (owners and editors).' })
  async updateProjectConcept(@Arg('input', () => UpdateProjectConceptInput, { description: 'The concept and what changes.' }) input: UpdateProjectConceptInput, @Ctx() context: RequestContext): Promise<UpdateProjectConceptPayload> {
    const viewer = requireViewer(context);
    const changes: ConceptChanges = {};
    if (input.caption !== undefined) changes.caption = input.caption;
    if (input.note !== undefined && input.note !== null) changes.note = input.note;
    return { concept: await updateConcept(context.em, viewer, parseGlobalId(input.conceptId, 'ProjectConcept'), changes) };
  }

  @Mutation(() => DeleteProjectConceptPayload, { description: 'Takes a concept off its board (owners and editors).' })
  async deleteProjectConcept(@Arg('input', () => DeleteProjectConceptInput, { description: 'The concept to delete.' }) input: DeleteProjectConceptInput, @Ctx() context: RequestContext): Promise<DeleteProjectConceptPayload> {
    const viewer = requireViewer(context);
    const { concept, project } = await deleteConcept(context.em, viewer, parseGlobalId(input.conceptId, 'ProjectConcept'));
    return { deletedConceptId: toGlobalId('ProjectConcept', concept.id), project };
  }

  @Mutation(() => MoveProjectConceptPayload, { description: 'Moves a concept to just after another on the same board, or first (owners and editors).' })
  async moveProjectConcept(@Arg('input', () => MoveProjectConceptInput, { description: 'The concept and where it goes.' }) input: MoveProjectConceptInput, @Ctx() context: RequestContext): Promise<MoveProjectConceptPayload> {
    const viewer = requireViewer(context);
    const afterId = input.afterConceptId ? parseGlobalId(input.afterConceptId, 'ProjectConcept') : null;
    return moveConcept(context.em, viewer, parseGlobalId(input.conceptId, 'ProjectConcept'), afterId);
  }
}

@Resolver(() => ProjectConcept)
export class ProjectConceptResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'A PICTURE’s address at the nearest served width at or above `width` (40, 80, 160, 320, 512), square as profile pictures are; null for other kinds. Each address may be cached for good.',
  })
  pictureUrl(@Root() concept: ProjectConcept, @Arg('width', () => Int, { defaultValue: CONCEPT_PICTURE_STORED_WIDTH, description: 'The width wanted, in pixels; the widest kept size when omitted.' }) width: number): string | null {
    return concept.kind === 'picture' && concept.pictureVersion ? conceptPicturePath(concept.id, concept.pictureVersion, width) : null;
  }

  @FieldResolver(() => Post, { nullable: true, description: 'A POST’s post, with its thumbnail and caption; null while its import runs, for other kinds, or when the viewer may not see the post.' })
  post(@Root() concept: ProjectConcept, @Ctx() { em, viewer }: RequestContext): Promise<Post | null> {
    if (concept.kind !== 'post' || concept.postNetworkId === null || concept.postExternalId === null) return Promise.resolve(null);
    return loadConceptPost(em, viewer, concept.postNetworkId, concept.postExternalId);
  }
}
