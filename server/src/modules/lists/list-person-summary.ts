import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { PostType } from '../../../../domain/enums.js';

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
 * What a person's public portfolio counts, as SQL (these aggregates cannot go through a
 * MikroORM filter):
 * - public credits: `status = 'accepted'` with a user, as `publicCreditFilter` in the credits
 *   module says;
 * - posts anyone may see (not private, not a story: `isOpenToEveryone` in post.policy.ts),
 *   imported and not deleted from their network, since a buyer compares live work;
 * - plus, for totals, the posts of accounts the person verified as theirs (the credits contract:
 *   an account's posts count as the owner's only once `owner_verified_at` is set). A post counts
 *   once however many roles the person has on it.
 */
const PUBLIC_POST = `p."is_private" = false and p."type" <> ${PostType.Story} and p."is_deleted" = false and p."import_status" = 'imported'`;

const ROLES_SQL = `
  select c."user_id" as "person", r."id" as "role_id", r."name", r."emoji", count(distinct c."post_id") as "posts"
    from "credits" c
    join "credit_roles" r on r."id" = c."role_id"
    join "posts" p on p."id" = c."post_id"
   where c."user_id" in (?) and c."status" = 'accepted' and ${PUBLIC_POST}
   group by c."user_id", r."id", r."name", r."emoji"
   order by c."user_id", "posts" desc, r."name"`;

const TOTALS_SQL = `
  with "person_posts" as (
    select c."user_id" as "person", c."post_id" from "credits" c where c."user_id" in (?) and c."status" = 'accepted'
    union
    select a."owner_id", p."id" from "social_accounts" a join "posts" p on p."account_id" = a."id"
     where a."owner_id" in (?) and a."owner_verified_at" is not null
  )
  select pp."person", count(*) as "posts", coalesce(sum(p."views"), 0) as "views", coalesce(sum(p."likes"), 0) as "likes"
    from "person_posts" pp join "posts" p on p."id" = pp."post_id"
   where ${PUBLIC_POST}
   group by pp."person"`;

type RoleRow = { person: number; role_id: number; name: string; emoji: string; posts: string | number };
type TotalsRow = { person: number; posts: string | number; views: string | number; likes: string | number };

/** Roles and totals of many people in two grouped queries, whatever their number. */
export async function fetchPersonSummaries(em: EntityManager, userIds: readonly number[]): Promise<Map<number, PersonSummary>> {
  const ids = [...userIds];
  const [roleRows, totalRows] = await Promise.all([em.execute<RoleRow[]>(ROLES_SQL, [ids]), em.execute<TotalsRow[]>(TOTALS_SQL, [ids, ids])]);
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

// One loader per request: each request (and WebSocket operation) forks its own EntityManager.
const loaders = new WeakMap<EntityManager, DataLoader<number, PersonSummary>>();

/** A person's roles and totals, batched with every other person resolved in the same request. */
export function loadPersonSummary(em: EntityManager, userId: number): Promise<PersonSummary> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, PersonSummary>(async (userIds) => {
      const summaries = await fetchPersonSummaries(em, userIds);
      return userIds.map((id) => summaries.get(id) ?? NO_SUMMARY);
    });
    loaders.set(em, loader);
  }
  return loader.load(userId);
}
