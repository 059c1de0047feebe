import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { publicCreditSql } from '../../credits/index.js';

/** The sourcing table's columns (docs/product.md §Teams) for a creator on a team's board. */
export interface CreatorSourcing {
  /** Followers of the accounts verified as theirs. */
  followers: number;
  location: string | null;
  /** The role they are publicly credited for most often. */
  roleId: number | null;
  /** Posts they are publicly credited on (their portfolio). */
  projects: number;
  /** Other people publicly credited on the same posts. */
  collaborators: number;
  /** The team's comments about them. */
  commentCount: number;
}

interface SourcingRow {
  creator_id: number;
  followers: string | number | null;
  location: string | null;
  role_id: number | null;
  projects: string | number;
  collaborators: string | number;
  comments: string | number;
}

// One loader per request: every creator on a board is read in one statement.
const loaders = new WeakMap<EntityManager, DataLoader<number, CreatorSourcing>>();

export function loadCreatorSourcing(em: EntityManager, creatorId: number): Promise<CreatorSourcing> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (creatorIds: readonly number[]) => {
      const rows = await em.execute<SourcingRow[]>(
        `select sc."id" as creator_id, u."location_name" as location,
                (select sum(a."follower_count") from "social_accounts" a where a."owner_id" = u."id" and a."owner_verified_at" is not null) as followers,
                (select c."role_id" from "credits" c
                  where c."user_id" = u."id" and ${publicCreditSql('c')} group by c."role_id" order by count(*) desc, c."role_id" limit 1) as role_id,
                (select count(distinct c."post_id") from "credits" c where c."user_id" = u."id" and ${publicCreditSql('c')}) as projects,
                (select count(distinct o."user_id") from "credits" c join "credits" o on o."post_id" = c."post_id" and o."user_id" <> u."id"
                  where c."user_id" = u."id" and ${publicCreditSql('c')} and ${publicCreditSql('o')}) as collaborators,
                (select count(*) from "team_creator_comments" k where k."creator_id" = sc."id") as comments
           from "team_stage_creators" sc join "users" u on u."id" = sc."user_id"
          where sc."id" in (?)`,
        [[...creatorIds]],
      );
      const byId = new Map(rows.map((row) => [Number(row.creator_id), row]));
      return creatorIds.map((id) => {
        const row = byId.get(id);
        return {
          followers: Number(row?.followers ?? 0),
          location: row?.location ?? null,
          roleId: row?.role_id === null || row?.role_id === undefined ? null : Number(row.role_id),
          projects: Number(row?.projects ?? 0),
          collaborators: Number(row?.collaborators ?? 0),
          commentCount: Number(row?.comments ?? 0),
        };
      });
    });
    loaders.set(em, loader);
  }
  return loader.load(creatorId);
}

/** Forgets what was read (after a comment in the same request). */
export function forgetCreatorSourcing(em: EntityManager): void {
  loaders.delete(em);
}
