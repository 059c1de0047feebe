import type { EntityManager } from '@mikro-orm/postgresql';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { encodeCursor } from '../../graphql/pagination.js';
import { normaliseSearchText } from '../search/search.service.js';
import { User } from '../users/user.entity.js';

export const MAX_CANDIDATES = 25;
export const DEFAULT_CANDIDATES = 10;

/**
 * Members whose name or username matches what was typed in the person picker: prefix matches of
 * the username first, then by trigram similarity (the GIN indexes of the global search serve the
 * `ILIKE` and `%`). Only members who finished sign-up (they have a username) can be credited.
 * A ranked list, not paged: the picker shows the best few.
 */
export async function findCreditCandidates(em: EntityManager, rawQuery: string, first: number | null | undefined): Promise<Connection<User>> {
  const size = first ?? DEFAULT_CANDIDATES;
  if (!Number.isInteger(size) || size < 1 || size > MAX_CANDIDATES) throw new InvalidInput(`first must be between 1 and ${MAX_CANDIDATES}`);
  const text = normaliseSearchText(rawQuery);
  const users = text === null ? [] : await rankedMembers(em, text, size);
  const edges = users.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return {
    edges,
    nodes: users,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

async function rankedMembers(em: EntityManager, text: string, size: number): Promise<User[]> {
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  const rows = await em.execute<Array<{ id: number }>>(
    `select u."id" from "users" u
      where u."username" is not null
        and (u."username" ilike ? or u."name" ilike ? or u."username" % ? or u."name" % ?)
      order by (case when u."username" ilike ? or u."name" ilike ? then 1 else 0 end
                + greatest(similarity(u."username", ?), similarity(coalesce(u."name", ''), ?))) desc,
               u."username" asc
      limit ?`,
    [`%${escaped}%`, `%${escaped}%`, text, text, `${escaped}%`, `${escaped}%`, text, text, size],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const byId = new Map((await em.find(User, { id: { $in: ids } })).map((user) => [user.id, user]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
