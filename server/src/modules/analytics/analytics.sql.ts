import { PostType } from '../../../../domain/enums.js';
import type { Viewer } from '../users/index.js';
import { publicCreditSql } from '../credits/index.js';
import { visiblePostSql } from '../posts/index.js';
import { projectResultPostsSql } from '../projects/index.js';
import { REPORT_POSTS_SQL } from '../teams/index.js';

/** Raw SQL with its `?` parameters, in order. */
export interface SqlPart {
  sql: string;
  params: Array<number | string>;
}

/** post.policy.ts's visiblePostsFilter over alias `p`, signed out included (public posts only). */
export function visibleToViewerSql(viewer: Viewer | null): SqlPart {
  if (!viewer) return { sql: `(p.is_private = false and p.type <> ${PostType.Story})`, params: [] };
  return visiblePostSql(viewer);
}

/** What a series is about, as database ids (the resolver decodes the global ids). */
export type StatsSubject =
  | { kind: 'post'; postId: number }
  | { kind: 'account'; socialAccountId: number }
  | { kind: 'user'; userId: number; roleId: number | null }
  | { kind: 'list'; listId: number }
  | { kind: 'teamReport'; teamReportId: number }
  | { kind: 'project'; projectId: number };

/**
 * The ids of the posts a series adds up, as one `select id`, already narrowed to the posts the
 * viewer may see. A person's posts are those publicly credited to them (credit.policy.ts), with
 * one role when asked ("my work as Editor"); an account's and a list's skip deleted posts, which
 * no longer count toward totals, while a single post keeps its history after deletion.
 * A list adds up its posts and the public credits of its people (its owner is checked before).
 * A team report adds up the posts the report covers, by the teams module's own rule, so the
 * numbers match the report's page for every member (who may read it is checked before).
 * A project adds up the posts of its published deliverables, each once, by the projects module's
 * own rule and narrowed to what the viewer may see (who may read the project is checked before).
 */
export function subjectPostsSql(subject: StatsSubject, viewer: Viewer | null): SqlPart {
  const visible = visibleToViewerSql(viewer);
  switch (subject.kind) {
    case 'post':
      return { sql: `select p.id from posts p where p.id = ? and ${visible.sql}`, params: [subject.postId, ...visible.params] };
    case 'account':
      return {
        sql: `select p.id from posts p where p.account_id = ? and p.is_deleted = false and ${visible.sql}`,
        params: [subject.socialAccountId, ...visible.params],
      };
    case 'user': {
      const role = subject.roleId === null ? '' : 'and c.role_id = ?';
      return {
        sql: `select distinct p.id from credits c join posts p on p.id = c.post_id
               where c.user_id = ? ${role} and ${publicCreditSql('c')} and p.is_deleted = false and ${visible.sql}`,
        params: [subject.userId, ...(subject.roleId === null ? [] : [subject.roleId]), ...visible.params],
      };
    }
    case 'list':
      return {
        sql: `select p.id from posts p
               where p.is_deleted = false and ${visible.sql}
                 and (p.id in (select lp.post_id from list_posts lp where lp.list_id = ?)
                      or p.id in (select c.post_id from credits c join list_people pe on pe.user_id = c.user_id
                                   where pe.list_id = ? and ${publicCreditSql('c')}))`,
        params: [...visible.params, subject.listId, subject.listId],
      };
    case 'teamReport':
      return { sql: REPORT_POSTS_SQL, params: [subject.teamReportId] };
    case 'project':
      return projectResultPostsSql(subject.projectId, viewer);
  }
}
