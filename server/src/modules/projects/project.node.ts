import type { NodeType } from '../../graphql/node.js';
import type { RequestContext } from '../users/index.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { findVisibleProjects, viewerAccess } from './project.service.js';

/** node(id:) answers what projectByAddress answers: projects the viewer may see. */
export const projectNode: NodeType<Project, RequestContext> = {
  typeName: 'Project',
  classType: Project,
  loadVisible: ({ em, viewer }, ids) => findVisibleProjects(em, viewer, ids),
};

/** A collaborator is seen by whoever sees its project; visitors of a public project see only accepted ones. */
export const projectCollaboratorNode: NodeType<ProjectCollaborator, RequestContext> = {
  typeName: 'ProjectCollaborator',
  classType: ProjectCollaborator,
  loadVisible: async ({ em, viewer }, ids) => {
    const collaborators = await em.find(ProjectCollaborator, { id: { $in: ids } });
    const projects = await findVisibleProjects(em, viewer, [...new Set(collaborators.map((row) => row.project.id))]);
    const seen = new Map(projects.map((project) => [project.id, project]));
    const visible: ProjectCollaborator[] = [];
    for (const row of collaborators) {
      const project = seen.get(row.project.id);
      if (!project) continue;
      if (row.status === 'accepted' || (viewer !== null && row.user?.id === viewer.user.id) || (await viewerAccess(em, viewer, project)) !== 'public') visible.push(row);
    }
    return visible;
  },
};
