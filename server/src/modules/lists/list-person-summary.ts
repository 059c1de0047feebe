import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { QBFilterQuery } from '@mikro-orm/postgresql';
import { UserType } from '../../../../domain/enums.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { publicCreditSql } from '../credits/credit.policy.js';
import { Post } from '../posts/post.entity.js';
import { visiblePostsFilter } from '../posts/post.policy.js';

/** A role a person holds on public posts, with on how many posts. */
export interface HeldRole {
  roleId: number;
  name: string;
  emoji: string;
  posts: number;
}

export interface PersonTotals {
  posts: number;
  views: number;
  likes: number;
}

export interface PersonSummary {
  roles: HeldRole[];
  totals: PersonTotals;
}

const NO_SUMMARY: PersonSummary = { roles: [], totals: { posts: 0, views: 0, likes: 0 } };

/*
 * A person's roles and totals as their profile shows them to the same viewer (the profiles
 * module's portfolio rule), for a whole page of people at once: the posts the person holds a
 * public credit on (the credits module's `publicCreditSql`) and, for a company, the posts of
 * its verified accounts; only posts the viewer may see (the posts module's `visiblePostsFilter`,
 * turned into SQL by MikroORM so the rule is not spelled again). A post counts once however
 * many roles the person has on it.
 */
function visiblePostIds(em: EntityManager, viewer: Viewer | null): { sql: string; params: unknown[] } {
  // The query builder takes the same filter objects as em.find; its type only spells them differently.
  const query = em.createQueryBuilder(Post, 'visible_post').select('visible_post.id').where(visiblePostsFilter(viewer) as QBFilterQuery<Post>).toQuery();
  return { sql: query.sql, params: [...query.params] };
}

function rolesSql(visibleSql: string): string {
  return `
  select c."user_id" as "person", r."id" as "role_id", r."name", r."emoji", count(distinct c."post_id") as "posts"
    from "credits" c
    join "credit_roles" r on r."id" = c."role_id"
   where c."user_id" in (?) and ${publicCreditSql('c')} and c."post_id" in (${visibleSql})
   group by c."user_id", r."id", r."name", r."emoji"
   order by c."user_id", "posts" desc, r."id"`;
}

function totalsSql(visibleSql: string): string {
  return `
  with "person_posts" as (
    select c."user_id" as "person", c."post_id" from "credits" c where c."user_id" in (?) and ${publicCreditSql('c')}
    union
    select u."id", p."id" from "users" u
      join "social_accounts" a on a."owner_id" = u."id" and a."owner_verified_at" is not null
      join "posts" p on p."account_id" = a."id"
     where u."id" in (?) and u."user_type" = ${UserType.Company}
  )
  select pp."person", count(*) as "posts", coalesce(sum(p."views"), 0) as "views", coalesce(sum(p."likes"), 0) as "likes"
    from "person_posts" pp join "posts" p on p."id" = pp."post_id"
   where pp."post_id" in (${visibleSql})
   group by pp."person"`;
}

type RoleRow = { person: number; role_id: number; name: string; emoji: string; posts: string | number };
type TotalsRow = { person: number; posts: string | number; views: string | number; likes: string | number };

/** Roles and totals of many people in two grouped queries, whatever their number. */
export async function fetchPersonSummaries(em: EntityManager, viewer: Viewer | null, userIds: readonly number[]): Promise<Map<number, PersonSummary>> {
  const ids = [...userIds];
  const visible = visiblePostIds(em, viewer);
  const [roleRows, totalRows] = await Promise.all([
    em.execute<RoleRow[]>(rolesSql(visible.sql), [ids, ...visible.params]),
    em.execute<TotalsRow[]>(totalsSql(visible.sql), [ids, ids, ...visible.params]),
  ]);
  const summaries = new Map<number, PersonSummary>();
  const summaryOf = (person: number): PersonSummary => {
    let summary = summaries.get(person);
    if (!summary) summaries.set(person, (summary = { roles: [], totals: { ...NO_SUMMARY.totals } }));
    return summary;
  };
  for (const row of roleRows) summaryOf(Number(row.person)).roles.push({ roleId: Number(row.role_id), name: row.name, emoji: row.emoji, posts: Number(row.posts) });
  for (const row of totalRows) summaryOf(Number(row.person)).totals = { posts: Number(row.posts), views: Number(row.views), likes: Number(row.likes) };
  return summaries;
}

// One loader per request (and so per viewer): each request and WebSocket operation forks its own EntityManager.
const loaders = new WeakMap<EntityManager, DataLoader<number, PersonSummary>>();

/** A person's roles and totals, batched with every other person resolved in the same request. */
export function loadPersonSummary(em: EntityManager, viewer: Viewer | null, userId: number): Promise<PersonSummary> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, PersonSummary>(async (userIds) => {
      const summaries = await fetchPersonSummaries(em, viewer, userIds);
      return userIds.map((id) => summaries.get(id) ?? NO_SUMMARY);
    });
    loaders.set(em, loader);
  }
  return loader.load(userId);
}
