import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Viewer } from '../users/index.js';
import { publicCreditSql } from '../credits/index.js';
import { visiblePortfoliosSql } from '../profiles/index.js';

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
 * A person's roles and totals as their profile shows them to the same viewer, for a whole page
 * of people at once. Which posts are a person's and which of those the viewer may see is the
 * profiles module's one portfolio rule (`visiblePortfoliosSql`); here it is only counted. A role
 * is held through a public credit (the credits module's `publicCreditSql`) on one of those posts.
 */
function rolesSql(portfolioSql: string): string {
  return `
  select c."user_id" as "person", r."id" as "role_id", r."name", r."emoji", count(distinct c."post_id") as "posts"
    from "credits" c
    join "credit_roles" r on r."id" = c."role_id"
    join (${portfolioSql}) pp on pp."owner" = c."user_id" and pp."post_id" = c."post_id"
   where ${publicCreditSql('c')}
   group by c."user_id", r."id", r."name", r."emoji"
   order by c."user_id", "posts" desc, r."id"`;
}

function totalsSql(portfolioSql: string): string {
  return `
  select pp."owner" as "person", count(*) as "posts", coalesce(sum(p."views"), 0) as "views", coalesce(sum(p."likes"), 0) as "likes"
    from (${portfolioSql}) pp join "posts" p on p."id" = pp."post_id"
   group by pp."owner"`;
}

type RoleRow = { person: number; role_id: number; name: string; emoji: string; posts: string | number };
type TotalsRow = { person: number; posts: string | number; views: string | number; likes: string | number };

/** Roles and totals of many people in two grouped queries, whatever their number. */
export async function fetchPersonSummaries(em: EntityManager, viewer: Viewer | null, userIds: readonly number[]): Promise<Map<number, PersonSummary>> {
  const portfolios = visiblePortfoliosSql(em, viewer, userIds);
  const [roleRows, totalRows] = await Promise.all([
    em.execute<RoleRow[]>(rolesSql(portfolios.sql), portfolios.params),
    em.execute<TotalsRow[]>(totalsSql(portfolios.sql), portfolios.params),
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
