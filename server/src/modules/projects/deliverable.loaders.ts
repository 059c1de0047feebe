import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLoader } from '../../db/request-loader.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import { Post, visiblePostsFilter } from '../posts/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { ProjectCollaborator } from './project.entity.js';

/*
 * Per-request batch loaders for deliverables (docs/architecture.md): whatever number of projects
 * and deliverables a response holds, each of these is one statement.
 */

interface DeliverablePageKey {
  projectId: number;
  page: KeysetPage;
}

// A page of each project's deliverables by due date, then in the order they were added. The cursor
// names a deliverable; the rows after it are those after its (due date, id) in that order.
const deliverablePages = requestLoader<DeliverablePageKey, ProjectDeliverable[]>(
  async (em, keys) => {
    const answers: ProjectDeliverable[][] = [];
    // Pages asked with the same arguments (one per project on a page) share one statement.
    const groups = new Map<string, { page: KeysetPage; projectIds: number[] }>();
    for (const { projectId, page } of keys) {
      const name = `${page.size}:${page.cursorId ?? ''}`;
      const group = groups.get(name) ?? { page, projectIds: [] };
      group.projectIds.push(projectId);
      groups.set(name, group);
    }
    const byKey = new Map<string, ProjectDeliverable[]>();
    for (const [name, { page, projectIds }] of groups) {
      const cursorSql = page.cursorId === null ? '' : `and (t."due_on", t."id") > (select c."due_on", c."id" from "project_deliverables" c where c."id" = ?)`;
      const rows = await em.execute<Array<Record<string, unknown>>>(
        `select * from (
           select t.*, row_number() over (partition by t."project_id" order by t."due_on", t."id") as "page_rank"
             from "project_deliverables" t where t."project_id" in (?) ${cursorSql}
         ) ranked where "page_rank" <= ? order by "project_id", "page_rank"`,
        [[...projectIds], ...(page.cursorId === null ? [] : [page.cursorId]), page.size + 1],
      );
      for (const row of rows) {
        const { page_rank: _rank, ...columns } = row;
        const key = `${name}:${Number(row.project_id)}`;
        byKey.set(key, [...(byKey.get(key) ?? []), em.map(ProjectDeliverable, columns as EntityDictionary<ProjectDeliverable>)]);
      }
    }
    for (const { projectId, page } of keys) answers.push(byKey.get(`${page.size}:${page.cursorId ?? ''}:${projectId}`) ?? []);
    return answers;
  },
  ({ projectId, page }) => `${projectId}:${page.size}:${page.cursorId ?? ''}`,
);

const deliverableCounts = requestLoader<number, number>(async (em, projectIds) => {
  const rows = await em.execute<Array<{ project_id: number; total: string | number }>>(`select "project_id", count(*) as "total" from "project_deliverables" where "project_id" in (?) group by "project_id"`, [[...projectIds]]);
  const byProject = new Map(rows.map((row) => [Number(row.project_id), Number(row.total)]));
  return projectIds.map((id) => byProject.get(id) ?? 0);
});

/** One forward page of a project's deliverables, batched with the other projects of the response. */
export async function deliverableConnection(em: EntityManager, projectId: number, page: KeysetPage): Promise<Connection<ProjectDeliverable>> {
  const fetched = await deliverablePages.load(em, { projectId, page });
  return connectionFromRows(fetched, page, (row) => row.id, async () => deliverableCounts.load(em, projectId));
}

/** The collaborators assigned to each deliverable of a response, in the order they were added to the project, in one statement. */
const assigneeLoader = requestLoader<number, ProjectCollaborator[]>(async (em, deliverableIds) => {
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select a."deliverable_id" as "assigned_to", c.* from "project_deliverable_assignees" a
       join "project_collaborators" c on c."id" = a."collaborator_id"
      where a."deliverable_id" in (?) order by a."deliverable_id", c."id"`,
    [[...deliverableIds]],
  );
  const byDeliverable = new Map<number, ProjectCollaborator[]>();
  for (const { assigned_to: assignedTo, ...columns } of rows) {
    const id = Number(assignedTo);
    byDeliverable.set(id, [...(byDeliverable.get(id) ?? []), em.map(ProjectCollaborator, columns as EntityDictionary<ProjectCollaborator>)]);
  }
  return deliverableIds.map((id) => byDeliverable.get(id) ?? []);
});

export function loadAssignees(em: EntityManager, deliverableId: number): ProjectCollaborator[] | Promise<ProjectCollaborator[]> {
  return assigneeLoader.load(em, deliverableId);
}

/** Tells this request a deliverable's assignees as just set, so a mutation's answer does not read stale ones. */
export function primeAssignees(em: EntityManager, deliverableId: number, assignees: ProjectCollaborator[]): void {
  assigneeLoader.prime(em, deliverableId, assignees);
}

interface PostQuestion {
  viewer: Viewer | null;
  postId: number;
}

/** Published deliverables' posts, as the viewer may see them (a hidden post reads as none), in one statement. */
const postLoader = requestLoader<PostQuestion, Post | null>(
  async (em, questions) => {
    // A request has one viewer.
    const viewer = questions[0]?.viewer ?? null;
    const posts = await em.find(Post, { $and: [{ id: { $in: questions.map((question) => question.postId) } }, visiblePostsFilter(viewer)] });
    const byId = new Map(posts.map((post) => [post.id, post]));
    return questions.map((question) => byId.get(question.postId) ?? null);
  },
  ({ viewer, postId }) => `${viewer?.user.id ?? 0}:${postId}`,
);

export function loadDeliverablePost(em: EntityManager, viewer: Viewer | null, postId: number): Post | null | Promise<Post | null> {
  return postLoader.load(em, { viewer, postId });
}

/** Collaborator rows by id, for notifications about invitations. */
const collaboratorLoader = requestLoader<number, ProjectCollaborator | null>(async (em, ids) => {
  const rows = await em.find(ProjectCollaborator, { id: { $in: [...ids] } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
});

export function loadCollaborator(em: EntityManager, id: number): ProjectCollaborator | null | Promise<ProjectCollaborator | null> {
  return collaboratorLoader.load(em, id);
}

/** Deliverables by id, for notifications about credit offers. */
const deliverableLoader = requestLoader<number, ProjectDeliverable | null>(async (em, ids) => {
  const rows = await em.find(ProjectDeliverable, { id: { $in: [...ids] } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
});

export function loadDeliverable(em: EntityManager, id: number): ProjectDeliverable | null | Promise<ProjectDeliverable | null> {
  return deliverableLoader.load(em, id);
}
