import type { EntityManager } from '@mikro-orm/postgresql';
import { jobPath, jobSlug } from '../../../../domain/jobs.js';

/** One open job in the top search's `jobs` group. */
export interface JobSearchHit {
  id: number;
  publicId: string;
  name: string;
  /** The company's display name (or username). */
  account: string;
  username: string;
  path: string;
  score: number;
}

/** Words past this many add nothing a title would match. */
const MAX_WORDS = 6;

/** A row of the open-jobs statement (openJobsSearchSql). */
export interface JobSearchRow {
  id: number;
  public_id: string;
  name: string;
  account: string | null;
  username: string | null;
  score: number;
}

/**
 * Open jobs for the top search (docs/product.md §Search, §Jobs): every word of the text must be
 * found in the title, a wanted role's name or the company's name or username, accents and case
 * ignored. Best title match first, then newest. Drafts and closed jobs are never found. Runs on
 * PostgreSQL whichever engine serves the rest of the box: open jobs are few and change often.
 * The statement (`?` placeholders), or null when the text has no words; the bench's raw
 * baseline runs it as it is.
 */
export function openJobsSearchSql(text: string, limit: number): { sql: string; params: unknown[] } | null {
  const words = text.toLowerCase().split(/\s+/).filter((word) => word.length > 0).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  // Each word's jobs are found through indexes, one set per place it may be in (the title's and
  // names' trigram indexes, the wanted roles' array index), rather than by testing every open job:
  // a pass over them all cost 40-60 ms at 2,000 open jobs, the most of a whole top search.
  const wordMatches = words.map(
    () => `j."id" in (
      select wj."id" from "jobs" wj where wj."status" = 'open' and search_normalize(wj."name") like search_normalize(?)
      union select aj."id" from "users" a join "jobs" aj on aj."account_id" = a."id" and aj."status" = 'open'
        where search_normalize(coalesce(a."name", '')) like search_normalize(?) or a."username" ilike ?
      union select rj."id" from "jobs" rj where rj."status" = 'open'
        and rj."role_ids" && array(select r."id" from "credit_roles" r where lower(r."name") like ?)::smallint[])`,
  );
  const patterns = words.flatMap((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, '\\$&')}%`;
    return [pattern, pattern, pattern, pattern];
  });
  return {
    sql: `select j."id", j."public_id", j."name", coalesce(u."name", u."username") as "account", u."username",
            (similarity(search_normalize(j."name"), search_normalize(?)) * 2 + similarity(lower(coalesce(u."name", u."username", '')), ?))::float8 as "score"
       from "jobs" j join "users" u on u."id" = j."account_id"
      where j."status" = 'open' and ${wordMatches.join(' and ')}
      order by "score" desc, j."published_at" desc, j."id" desc limit ?`,
    params: [text.toLowerCase(), text.toLowerCase(), ...patterns, limit],
  };
}

/** A hit of the `jobs` group from its row. */
export function jobSearchHitFromRow(row: JobSearchRow): JobSearchHit {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    name: row.name,
    account: row.account ?? '',
    username: row.username ?? '',
    path: jobPath(row.public_id, jobSlug(row.username ?? '', row.name)),
    score: Number(row.score),
  };
}

/** The top search's open jobs (openJobsSearchSql). */
export async function searchOpenJobs(em: EntityManager, text: string, limit: number): Promise<JobSearchHit[]> {
  const statement = openJobsSearchSql(text, limit);
  if (!statement) return [];
  const rows = await em.execute<JobSearchRow[]>(statement.sql, statement.params);
  return rows.map(jobSearchHitFromRow);
}
