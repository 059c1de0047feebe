import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { requireViewer } from '../../users/index.js';
import { CreateTeamReportInput, CreateTeamReportPayload, DeleteTeamReportInput, DeleteTeamReportPayload, TeamReportPoint } from '../team.types.js';
import { TeamReport } from './team-report.entity.js';
import { createTeamReport, deleteTeamReport, MAX_SERIES_DAYS, reportPostCount, reportSeries } from './team-reports.service.js';

@Resolver(() => TeamReport)
export class TeamReportResolver {
  @Mutation(() => CreateTeamReportPayload, { description: 'Saves a named set of posts or social accounts whose numbers the team follows (team members, paid Teams subscription).' })
  async createTeamReport(@Arg('input', () => CreateTeamReportInput, { description: 'The team, name and posts or accounts of the new report.' }) input: CreateTeamReportInput, @Ctx() context: RequestContext): Promise<CreateTeamReportPayload> {
    const typeName = input.kind === 'posts' ? 'Post' : 'SocialAccount';
    const ids = input.itemIds.slice(0, 201).map((id) => parseGlobalId(id, typeName));
    return { report: await createTeamReport(context.em, requireViewer(context), parseGlobalId(input.teamId, 'Team'), { name: input.name, kind: input.kind, ids }) };
  }

  @Mutation(() => DeleteTeamReportPayload, { description: 'Deletes a saved report (the posts stay).' })
  async deleteTeamReport(@Arg('input', () => DeleteTeamReportInput, { description: 'The report to delete.' }) input: DeleteTeamReportInput, @Ctx() context: RequestContext): Promise<DeleteTeamReportPayload> {
    const id = await deleteTeamReport(context.em, requireViewer(context), parseGlobalId(input.reportId, 'TeamReport'));
    return { deletedReportId: toGlobalId('TeamReport', id) };
  }

  @FieldResolver(() => Int, { description: 'How many posts the report covers now.' })
  postCount(@Root() report: TeamReport, @Ctx() { em }: RequestContext): Promise<number> {
    return reportPostCount(em, report.id);
  }

  @FieldResolver(() => [TeamReportPoint], { description: `Daily totals over the last \`days\` days (1 to ${MAX_SERIES_DAYS}, at most ${MAX_SERIES_DAYS} points), oldest first.` })
  series(@Root() report: TeamReport, @Arg('days', () => Int, { defaultValue: 30, description: 'How many days back to go (UTC days): clamped to 1 to 366; 30 when omitted.' }) days: number, @Ctx() { em }: RequestContext): Promise<TeamReportPoint[]> {
    return reportSeries(em, report.id, days);
  }

  @FieldResolver(() => String, { description: 'Where to download every stored set of the report’s numbers as CSV (signed in as a team member).' })
  csvPath(@Root() report: TeamReport): string {
    return `/api/teams/reports/${report.id}/csv`;
  }
}
