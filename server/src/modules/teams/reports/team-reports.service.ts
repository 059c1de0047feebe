import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { PostType } from '../../../../../domain/enums.js';
import { InvalidInput, NotFound } from '../../../errors/app-errors.js';
import type { Viewer } from '../../users/index.js';
import { SocialAccount } from '../../networks/index.js';
import { Post, visiblePostsFilter } from '../../posts/index.js';
import { requireTeamAccess, requireTeamsSubscription } from '../team-access.js';
import { TEAM_MESSAGES } from '../team.messages.js';
import type { TeamReportKind } from './team-report.enums.js';
import { TeamReport, TeamReportItem } from './team-report.entity.js';

export const MAX_REPORT_ITEMS = 200;
export const MAX_SERIES_DAYS = 366;

/** Who may read a report: whoever may use its team (team.policy.ts), after the upgrade check. */
export async function findReadableReport(em: EntityManager, viewer: Viewer, reportId: number): Promise<TeamReport> {
  const report = await em.findOne(TeamReport, reportId);
  if (!report) throw new NotFound(TEAM_MESSAGES.reportNotFound);
  const { team } = await requireTeamAccess(em, viewer, report.team.id, 'use');
  requireTeamsSubscription(viewer, team);
  return report;
}

/**
 * Saves a named set of posts (which the viewer may see) or social accounts (every public post of
 * theirs, now and later: a managed account's new posts join its reports).
 */
export async function createTeamReport(em: EntityManager, viewer: Viewer, teamId: number, input: { name: string; kind: TeamReportKind; ids: readonly number[] }): Promise<TeamReport> {
  const { team } = await requireTeamAccess(em, viewer, teamId, 'use');
  requireTeamsSubscription(viewer, team);
  const name = input.name.trim();
  if (!name) throw new InvalidInput(TEAM_MESSAGES.reportNameRequired, { field: 'name' });
  if (name.length > 120) throw new InvalidInput('A report name can be at most 120 characters.', { field: 'name' });
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) throw new InvalidInput(TEAM_MESSAGES.reportItemsRequired, { field: 'ids' });
  if (ids.length > MAX_REPORT_ITEMS) throw new InvalidInput(`A report can follow at most ${MAX_REPORT_ITEMS} posts or accounts.`, { field: 'ids' });
  const found =
    input.kind === 'posts'
      ? await em.count(Post, { $and: [{ id: { $in: ids }, isDeleted: false }, visiblePostsFilter(viewer)] })
      : await em.count(SocialAccount, { id: { $in: ids } });
  if (found !== ids.length) throw new NotFound(input.kind === 'posts' ? 'Post not found' : TEAM_MESSAGES.accountNotFound);
  return em.transactional(async (tx) => {
    const report = tx.create(TeamReport, { team: team.id, name, kind: input.kind, createdBy: viewer.user.id });
    for (const id of ids) tx.create(TeamReportItem, input.kind === 'posts' ? { report, post: id } : { report, socialAccount: id });
    await tx.flush();
    return report;
  });
}

export async function deleteTeamReport(em: EntityManager, viewer: Viewer, reportId: number): Promise<number> {
  const report = await findReadableReport(em, viewer, reportId);
  await em.nativeDelete(TeamReport, { id: report.id });
  return report.id;
}

/** The posts a report covers, as SQL over its id (one parameter). */
export const REPORT_POSTS_SQL = `select distinct p."id" from "team_report_items" i
    join "posts" p on p."id" = i."post_id"
                   or (i."social_account_id" is not null and p."account_id" = i."social_account_id" and p."is_private" = false and p."type" <> ${PostType.Story})
   where i."report_id" = ? and p."is_deleted" = false`;

export interface ReportPoint {
  day: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  posts: number;
}

/** Daily totals: each post's last numbers of each day, added up over the report's posts (UTC days). */
export async function reportSeries(em: EntityManager, reportId: number, days: number): Promise<ReportPoint[]> {
  const span = Math.min(Math.max(1, Math.trunc(days)), MAX_SERIES_DAYS);
  const rows = await em.execute<Array<{ day: string; views: string | null; likes: string | null; comments: string | null; shares: string | null; posts: string }>>(
    `with daily as (
       select distinct on (s."post_id", (s."fetched_at" at time zone 'UTC')::date)
              s."post_id", to_char((s."fetched_at" at time zone 'UTC')::date, 'YYYY-MM-DD') as day, s."views", s."likes", s."comments", s."shares"
         from "post_stats" s
        where s."post_id" in (${REPORT_POSTS_SQL}) and s."fetched_at" >= now() - make_interval(days => ?)
        order by s."post_id", (s."fetched_at" at time zone 'UTC')::date, s."fetched_at" desc, s."id" desc)
     select day, sum("views") as views, sum("likes") as likes, sum("comments") as comments, sum("shares") as shares, count(*) as posts
       from daily group by day order by day`,
    [reportId, span],
  );
  const number = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({ day: row.day, views: number(row.views), likes: number(row.likes), comments: number(row.comments), shares: number(row.shares), posts: Number(row.posts) }));
}

// One loader per request: a page of reports counts its posts in one grouped statement.
const postCountLoaders = new WeakMap<EntityManager, DataLoader<number, number>>();

/** How many posts the report covers today. */
export function reportPostCount(em: EntityManager, reportId: number): Promise<number> {
  let loader = postCountLoaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (reportIds: readonly number[]) => {
      const rows = await em.execute<Array<{ report_id: number; total: string }>>(
        `select i."report_id", count(distinct p."id") as total from "team_report_items" i
           join "posts" p on p."id" = i."post_id"
                          or (i."social_account_id" is not null and p."account_id" = i."social_account_id" and p."is_private" = false and p."type" <> ${PostType.Story})
          where i."report_id" in (?) and p."is_deleted" = false group by i."report_id"`,
        [[...reportIds]],
      );
      const totals = new Map(rows.map((row) => [Number(row.report_id), Number(row.total)]));
      return reportIds.map((id) => totals.get(id) ?? 0);
    });
    postCountLoaders.set(em, loader);
  }
  return loader.load(reportId);
}

const CSV_HEADER = ['post_id', 'post_url', 'network', 'account', 'fetched_at', 'views', 'likes', 'comments', 'shares'];

/** A cell as RFC 4180 writes it; a leading = + - @ is neutralised so spreadsheets do not run it as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every stored set of numbers of the report's posts, oldest first per post: the CSV export. */
export async function reportCsv(em: EntityManager, reportId: number): Promise<string> {
  const rows = await em.execute<Array<{ post_id: number; url: string; network: string; handle: string; fetched_at: Date; views: string | null; likes: string | null; comments: string | null; shares: string | null }>>(
    `select p."id" as post_id, p."url", n."name" as network, a."handle", s."fetched_at", s."views", s."likes", s."comments", s."shares"
       from "post_stats" s
       join "posts" p on p."id" = s."post_id"
       join "social_accounts" a on a."id" = p."account_id"
       join "social_networks" n on n."id" = p."network_id"
      where s."post_id" in (${REPORT_POSTS_SQL})
      order by p."id", s."fetched_at", s."id"`,
    [reportId],
  );
  const lines = [CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push([row.post_id, row.url, row.network, row.handle, new Date(row.fetched_at).toISOString(), row.views, row.likes, row.comments, row.shares].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
