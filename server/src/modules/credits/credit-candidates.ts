import type { EntityManager } from '@mikro-orm/postgresql';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { offsetConnection, type OffsetPage } from '../../graphql/offset-pagination.js';
import { normaliseSearchText } from '../../graphql/search-text.js';
import { User } from '../users/index.js';

export const MAX_CANDIDATES = 25;
export const DEFAULT_CANDIDATES = 10;
/** The picker pages through the best 100 matches at most, like the global search. */
export const MAX_CANDIDATE_DEPTH = 100;

/**
 * Members whose name or username matches what was typed in the person picker: prefix matches
 * first, then by trigram similarity (the GIN indexes of the global search serve the `ILIKE` and
 * `%`). Only members who finished sign-up (they have a username) can be credited. Paged by
 * position, as a ranking has no stable key to resume from.
 */
export async function findCreditCandidates(em: EntityManager, rawQuery: string, page: OffsetPage): Promise<Connection<User>> {
  if (!Number.isInteger(page.size) || page.size < 1 || page.size > MAX_CANDIDATES) throw new InvalidInput(`first must be between 1 and ${MAX_CANDIDATES}`);
  if (page.offset + page.size > MAX_CANDIDATE_DEPTH) throw new InvalidInput(`The person picker reaches the ${MAX_CANDIDATE_DEPTH} best matches`);
  const text = normaliseSearchText(rawQuery);
  const users = text === null ? [] : await rankedMembers(em, text, page.offset, page.size + 1);
  return offsetConnection(users.slice(0, page.size), page, users.length > page.size);
}

async function rankedMembers(em: EntityManager, text: string, offset: number, limit: number): Promise<User[]> {
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  const rows = await em.execute<Array<{ id: number }>>(
    `select u."id" from "users" u
      where u."username" is not null
        and (u."username" ilike ? or u."name" ilike ? or u."username" % ? or u."name" % ?)
      order by (case when u."username" ilike ? or u."name" ilike ? then 1 else 0 end
                + greatest(similarity(u."username", ?), similarity(coalesce(u."name", ''), ?))) desc,
               u."username" asc
      offset ? limit ?`,
    [`%${escaped}%`, `%${escaped}%`, text, text, `${escaped}%`, `${escaped}%`, text, text, offset, limit],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const byId = new Map((await em.find(User, { id: { $in: ids } })).map((user) => [user.id, user]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
