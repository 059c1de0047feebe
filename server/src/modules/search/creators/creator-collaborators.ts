import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { CREATOR_RESULT_COLLABORATORS } from '../../../../../domain/creator-search.js';
import type { Viewer } from '../../users/index.js';
import { publicCreditSql } from '../../credits/index.js';
import type { Collaborator } from '../../profiles/index.js';
import { visiblePortfoliosSql } from '../../profiles/index.js';
import { User } from '../../users/index.js';

type Row = Record<string, unknown> & { collaborator_of: number; shared_post_count: string | number };

/**
 * The top collaborators of a whole page of people in one statement: for each, the people most
 * often publicly credited on the same posts of their visible portfolio (the profile's
 * collaborators, same rule, same order: most shared posts first, then longest on Byline).
 */
async function fetchTopCollaborators(em: EntityManager, viewer: Viewer | null, ownerIds: readonly number[], limit: number): Promise<Map<number, Collaborator[]>> {
  const portfolios = visiblePortfoliosSql(em, viewer, ownerIds);
  const rows = await em.execute<Row[]>(
    `select u.*, top."owner" as "collaborator_of", top."shared_post_count" from (
       select shared.*, row_number() over (partition by shared."owner" order by shared."shared_post_count" desc, shared."user_id") as "place" from (
         select pp."owner", c."user_id", count(distinct c."post_id") as "shared_post_count"
           from (${portfolios.sql}) pp join "credits" c on c."post_id" = pp."post_id"
          where ${publicCreditSql('c')} and c."user_id" <> pp."owner"
          group by pp."owner", c."user_id") shared) top
     join "users" u on u."id" = top."user_id"
     where top."place" <= ?
     order by top."owner", top."place"`,
    [...portfolios.params, limit],
  );
  const byOwner = new Map<number, Collaborator[]>();
  for (const { collaborator_of: owner, shared_post_count: count, ...columns } of rows) {
    const list = byOwner.get(Number(owner)) ?? [];
    list.push({ user: em.map(User, columns as EntityDictionary<User>), sharedPostCount: Number(count) });
    byOwner.set(Number(owner), list);
  }
  return byOwner;
}

// One loader per request (each request forks its EntityManager, so one viewer per loader).
const loaders = new WeakMap<EntityManager, DataLoader<number, Collaborator[]>>();

/** A result's top collaborators, batched with every other result of the page. */
export function loadTopCollaborators(em: EntityManager, viewer: Viewer | null, ownerId: number): Promise<Collaborator[]> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, Collaborator[]>(async (ownerIds) => {
      const found = await fetchTopCollaborators(em, viewer, ownerIds, CREATOR_RESULT_COLLABORATORS);
      return ownerIds.map((id) => found.get(id) ?? []);
    });
    loaders.set(em, loader);
  }
  return loader.load(ownerId);
}
