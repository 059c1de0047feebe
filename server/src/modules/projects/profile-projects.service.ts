import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLoader } from '../../db/request-loader.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import { Project } from './project.entity.js';

/** One public project on a person's profile, with what they are in it. */
export interface ProfileProjectRow {
  project: Project;
  /** Their collaborator credit role; null when they only own it. */
  creditRoleId: number | null;
  isOwner: boolean;
}

interface ProfilePageKey {
  userId: number;
  page: KeysetPage;
}

// Public projects a person owns (person-owned) or has accepted to work on, newest activity first.
// Both halves use an index: projects (owner_user_id, last_activity_at) and project_collaborators
// (user_id, status). The cursor names a project; the page continues after its (activity, id).
const PROFILE_PROJECTS_SQL = (cursorSql: string) => `select * from (
    select p.*, mine."user_id" as "profile_user_id", mine."credit_role_id" as "profile_credit_role_id", mine."is_owner" as "profile_is_owner",
           row_number() over (partition by mine."user_id" order by p."last_activity_at" desc, p."id" desc) as "page_rank"
      from (
        select coalesce(o."user_id", c."user_id") as "user_id", coalesce(o."project_id", c."project_id") as "project_id",
               c."credit_role_id", o."project_id" is not null as "is_owner"
          from (select p2."owner_user_id" as "user_id", p2."id" as "project_id" from "projects" p2 where p2."owner_user_id" in (?) and p2."visibility" = 'public') o
          full join (select c2."user_id", c2."project_id", c2."credit_role_id" from "project_collaborators" c2 where c2."user_id" in (?) and c2."status" = 'accepted') c
            on c."user_id" = o."user_id" and c."project_id" = o."project_id"
      ) mine
      join "projects" p on p."id" = mine."project_id" and p."visibility" = 'public'
     where true ${cursorSql}
  ) ranked where "page_rank" <= ? order by "profile_user_id", "page_rank"`;

const profilePages = requestLoader<ProfilePageKey, ProfileProjectRow[]>(
  async (em, keys) => {
    // Pages asked with the same arguments (one per person on a page) share one statement.
    const groups = new Map<string, { page: KeysetPage; userIds: number[] }>();
    for (const { userId, page } of keys) {
      const name = `${page.size}:${page.cursorId ?? ''}`;
      const group = groups.get(name) ?? { page, userIds: [] };
      group.userIds.push(userId);
      groups.set(name, group);
    }
    const byKey = new Map<string, ProfileProjectRow[]>();
    for (const [name, { page, userIds }] of groups) {
      const cursorSql = page.cursorId === null ? '' : `and (p."last_activity_at", p."id") < (select c3."last_activity_at", c3."id" from "projects" c3 where c3."id" = ?)`;
      const rows = await em.execute<Array<Record<string, unknown>>>(PROFILE_PROJECTS_SQL(cursorSql), [userIds, userIds, ...(page.cursorId === null ? [] : [page.cursorId]), page.size + 1]);
      for (const row of rows) {
        const { page_rank: _rank, profile_user_id: userId, profile_credit_role_id: roleId, profile_is_owner: isOwner, ...columns } = row;
        const key = `${name}:${Number(userId)}`;
        const entry: ProfileProjectRow = { project: em.map(Project, columns as EntityDictionary<Project>), creditRoleId: roleId === null ? null : Number(roleId), isOwner: isOwner === true };
        byKey.set(key, [...(byKey.get(key) ?? []), entry]);
      }
    }
    return keys.map(({ userId, page }) => byKey.get(`${page.size}:${page.cursorId ?? ''}:${userId}`) ?? []);
  },
  ({ userId, page }) => `${userId}:${page.size}:${page.cursorId ?? ''}`,
);

/**
 * A page of the public projects a person works on, for their profile (docs/product.md §Profiles):
 * anyone may read it, signed out too, as anyone may open a public project. Batched with the other
 * people of the response.
 */
export async function profileProjectConnection(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<ProfileProjectRow>> {
  const fetched = await profilePages.load(em, { userId, page });
  return connectionFromRows(fetched, page, (row) => row.project.id);
}
