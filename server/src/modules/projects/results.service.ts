import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { NotFound } from '../../errors/app-errors.js';
import { visiblePostSql } from '../posts/index.js';
import type { Viewer } from '../users/index.js';
import { Project } from './project.entity.js';
import { viewerAccess } from './project.service.js';

/** Raw SQL with its `?` parameters, in order. */
export interface ProjectPostsSql {
  sql: string;
  params: number[];
}

/**
 * The project when the viewer may read it (docs/product.md §Projects: collaborators, the owning
 * team, admins, and anyone for a public project); "not found" alike for a missing project and one
 * the viewer may not see, so a private project's existence is not given away.
 */
export async function findReadableProject(em: EntityManager, viewer: Viewer | null, projectId: number): Promise<Project> {
  const project = await em.findOne(Project, projectId);
  if (!project || (await viewerAccess(em, viewer, project)) === 'none') throw new NotFound(PROJECT_MESSAGES.projectNotFound);
  return project;
}

/** The post visibility rule (posts/post.policy.ts) over alias `p`, signed out included: public posts only. */
function visibleToViewerSql(viewer: Viewer | null): ProjectPostsSql {
  if (!viewer) return { sql: `(p.is_private = false and p.type <> ${PostType.Story})`, params: [] };
  return visiblePostSql(viewer);
}

/**
 * A project's results are the posts its published deliverables went out as (docs/product.md
 * §Projects), each once however many deliverables link it, as one `select p.id`. Only posts the
 * viewer may see count, so a private post's numbers reach nobody who may not open it; deleted
 * posts no longer count, as for an account's or a list's numbers. Who may read the project is
 * checked before (findReadableProject).
 */
export function projectResultPostsSql(projectId: number, viewer: Viewer | null): ProjectPostsSql {
  const visible = visibleToViewerSql(viewer);
  return {
    sql: `select p.id from posts p
           where p.is_deleted = false and ${visible.sql}
             and p.id in (select d.post_id from project_deliverables d where d.project_id = ? and d.status = 'published')`,
    params: [...visible.params, projectId],
  };
}

export interface ProjectResultTotals {
  publishedPosts: number;
  views: number;
  likes: number;
}

const NO_RESULTS: ProjectResultTotals = { publishedPosts: 0, views: 0, likes: 0 };

/**
 * The totals behind Project.results for every project of a response, in one statement: the same
 * posts as projectResultPostsSql, with each post's latest numbers (a network that does not report
 * a number adds nothing to it).
 */
export async function sumProjectResults(em: EntityManager, viewer: Viewer | null, projectIds: readonly number[]): Promise<Map<number, ProjectResultTotals>> {
  const visible = visibleToViewerSql(viewer);
  const rows = await em.execute<Array<{ project_id: number; posts: string; views: string; likes: string }>>(
    `select d.project_id, count(*) as posts, coalesce(sum(p.views), 0)::text as views, coalesce(sum(p.likes), 0)::text as likes
       from (select distinct d.project_id, d.post_id from project_deliverables d
              where d.project_id in (?) and d.status = 'published' and d.post_id is not null) d
       join posts p on p.id = d.post_id
      where p.is_deleted = false and ${visible.sql}
      group by d.project_id`,
    [[...projectIds], ...visible.params],
  );
  const byProject = new Map(rows.map((row) => [Number(row.project_id), { publishedPosts: Number(row.posts), views: Number(row.views), likes: Number(row.likes) }]));
  return new Map(projectIds.map((id) => [id, byProject.get(id) ?? NO_RESULTS]));
}
