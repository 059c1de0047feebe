import type { NodeType } from '../../graphql/node.js';
import type { RequestContext } from '../users/index.js';
import { ProjectCost } from './cost.entity.js';
import { maySeeCosts } from './cost.service.js';
import { findVisibleProjects } from './project.service.js';

/** node(id:) answers a cost to its project's owners and editors only, as Project.costs does. */
export const projectCostNode: NodeType<ProjectCost, RequestContext> = {
  typeName: 'ProjectCost',
  classType: ProjectCost,
  loadVisible: async ({ em, viewer }, ids) => {
    const costs = await em.find(ProjectCost, { id: { $in: ids } });
    const projects = await findVisibleProjects(em, viewer, [...new Set(costs.map((cost) => cost.project.id))]);
    const allowed = new Set<number>();
    for (const project of projects) if (await maySeeCosts(em, viewer, project)) allowed.add(project.id);
    return costs.filter((cost) => allowed.has(cost.project.id));
  },
};
