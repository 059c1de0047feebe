import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import { Credit, publicCreditSql } from '../credits/index.js';
import { portfolioPlacementJoinSql } from '../profiles/index.js';
import type { Job } from './job.entity.js';

/**
 * The credits a person may apply to a job with (docs/product.md §Jobs): their accepted credits on
 * public posts, the posts they pinned on their profile first (in their order: the work they chose
 * to lead with), then those in a role the job wants (the best matches), then the newest; posts
 * they hid from their profile come last. One statement; the credits' posts and roles load batched
 * through their own fields.
 */
export async function viewerCreditChoices(em: EntityManager, userId: number, job: Pick<Job, 'roleIds'>, limit: number): Promise<Credit[]> {
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select c.* from "credits" c join "posts" p on p."id" = c."post_id" ${portfolioPlacementJoinSql('pl', 'c."user_id"', 'c."post_id"')}
      where c."user_id" = ? and ${publicCreditSql('c')} and p."is_private" = false and p."type" <> ${PostType.Story}
      order by pl."pin_position" asc nulls last, coalesce(pl."is_hidden", false) asc, (c."role_id" = any(?::smallint[])) desc, c."created_at" desc, c."id" desc limit ?`,
    [userId, `{${job.roleIds.join(',')}}`, limit],
  );
  return rows.map((row) => em.map(Credit, row));
}
