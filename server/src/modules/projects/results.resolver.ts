import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext, Viewer } from '../users/index.js';
import { Project } from './project.entity.js';
import { viewerAccess } from './project.service.js';
import { sumProjectResults, type ProjectResultTotals } from './results.service.js';
import { ProjectResults } from './results.types.js';
import type { ProjectView } from './project.view.js';

// Keyed by the request's EntityManager as project.loaders.ts does; a request has one viewer.
const resultLoaders = new WeakMap<EntityManager, DataLoader<number, ProjectResultTotals>>();

function loadProjectResults(em: EntityManager, viewer: Viewer | null, projectId: number): Promise<ProjectResultTotals> {
  let loader = resultLoaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const sums = await sumProjectResults(em, viewer, ids);
      return ids.map((id) => sums.get(id)!);
    });
    resultLoaders.set(em, loader);
  }
  return loader.load(projectId);
}

/**
 * Project.results, the overview's totals (docs/product.md §Projects); the numbers over time come
 * from statsSeries with a projectId subject, over the same posts.
 */
@Resolver(() => Project)
export class ProjectResultsResolver {
  @FieldResolver(() => ProjectResults, {
    nullable: true,
    description: 'The published deliverables’ posts added up (each post once, only those the viewer may see). For the numbers over time, ask statsSeries with subject { projectId }. Null when the viewer may not see the project (an invitation names it before it is answered).',
  })
  async results(@Root() project: ProjectView, @Ctx() { em, viewer }: RequestContext): Promise<ProjectResults | null> {
    if ((await viewerAccess(em, viewer, project)) === 'none') return null;
    return loadProjectResults(em, viewer, project.id);
  }
}
