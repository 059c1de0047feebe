import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectStatus } from '../../../../domain/projects.js';
import { readRows } from '../../db/prepared-read.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../users/index.js';
import { PROJECT_OWNER_COLUMNS_SQL, projectViewFromRow, type ProjectRowWithOwners } from './project.loaders.js';
import { WORKS_ON_SQL } from './project.policy.js';
import type { ProjectView } from './project.view.js';

export interface ProjectListFilter {
  status?: ProjectStatus | null;
  teamId?: number | null;
  /** Any part of the name, whatever the case. */
  search?: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The viewer's projects (docs/product.md §Projects): those they own, collaborate on (accepted) or
 * see through a team, newest activity first, read as rows for display (project.view.ts). The cursor names a project; the page continues
 * after that project's (activity, id), so pages stay stable however many projects there are.
 */
export async function listViewerProjects(em: EntityManager, viewer: Viewer, page: KeysetPage, filter: ProjectListFilter): Promise<Connection<ProjectView>> {
  const userId = viewer.user.id;
  const conditions = [WORKS_ON_SQL];
  const params: unknown[] = [userId, userId, userId];
  if (filter.status) {
    conditions.push(`p."status" = ?`);
    params.push(filter.status);
  }
  if (filter.teamId) {
    conditions.push(`p."owner_team_id" = ?`);
    params.push(filter.teamId);
  }
  const search = filter.search?.trim();
  if (search) {
    conditions.push(`p."name" ilike ?`);
    params.push(`%${escapeLike(search)}%`);
  }
  const where = conditions.join(' and ');
  const cursorSql = page.cursorId === null ? '' : `and (p."last_activity_at", p."id") < (select c."last_activity_at", c."id" from "projects" c where c."id" = ?)`;
  // One statement for the page, its total (the list always shows it) and the owners and clients
  // it names: each statement costs a request more CPU than the rows it reads (bench/README.md).
  // Prepared (db/prepared-read.ts): the viewer's projects plan alike for everyone; with words in
  // the name the plan follows them, so that one is planned each time.
  const rows = await readRows<ProjectRowWithOwners & { total_count: string | number }>(
    em,
    `select p.*, (select count(*) from "projects" p where ${where}) as "total_count", ${PROJECT_OWNER_COLUMNS_SQL}
       from "projects" p where ${where} ${cursorSql} order by p."last_activity_at" desc, p."id" desc limit ?`,
    [...params, ...params, ...(page.cursorId === null ? [] : [page.cursorId]), page.size + 1],
    { prepare: !search },
  );
  const total = rows[0] === undefined ? null : Number(rows[0].total_count);
  const projects = rows.map(({ total_count: _total, ...row }) => projectViewFromRow(em, row));
  return connectionFromRows(projects, page, (project) => project.id, async () => {
    if (total !== null) return total;
    // Past the last page there is no row to carry the total.
    const [count] = await em.execute<Array<{ total: string | number }>>(`select count(*) as "total" from "projects" p where ${where}`, params);
    return Number(count?.total ?? 0);
  });
}
