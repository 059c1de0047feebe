import type { NodeType } from '../../graphql/node.js';
import type { RequestContext } from '../users/index.js';
import { ProjectConcept } from './concept.entity.js';
import { findVisibleProjects } from './project.service.js';

/** A concept is seen by whoever sees its project, as Project.concepts answers. */
export const projectConceptNode: NodeType<ProjectConcept, RequestContext> = {
  typeName: 'ProjectConcept',
  classType: ProjectConcept,
  loadVisible: async ({ em, viewer }, ids) => {
    const concepts = await em.find(ProjectConcept, { id: { $in: ids } });
    const seen = new Set((await findVisibleProjects(em, viewer, [...new Set(concepts.map((row) => row.project.id))])).map((project) => project.id));
    return concepts.filter((row) => seen.has(row.project.id));
  },
};
