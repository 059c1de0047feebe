import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { StatsSubject } from './analytics.sql.js';
import { MAX_SERIES_BUCKETS, statsSeries } from './analytics.service.js';
import { StatsSeries, StatsSeriesInput, type StatsSubjectInput } from './analytics.types.js';

const ONE_SUBJECT = 'Give exactly one of postId, socialAccountId, userId, listId, teamReportId or projectId.';

function given(id: string | null | undefined): id is string {
  return id !== null && id !== undefined;
}

/** "Given" means not null: an empty id never gets here (graphql/empty-ids.ts). */
function readSubject(input: StatsSubjectInput): StatsSubject {
  const subjects = [input.postId, input.socialAccountId, input.userId, input.listId, input.teamReportId, input.projectId].filter(given);
  if (subjects.length !== 1) throw new InvalidInput(ONE_SUBJECT, { field: 'subject' });
  if (given(input.roleId) && !given(input.userId)) throw new InvalidInput('roleId goes with userId.', { field: 'roleId' });
  if (given(input.postId)) return { kind: 'post', postId: parseGlobalId(input.postId, 'Post') };
  if (given(input.socialAccountId)) return { kind: 'account', socialAccountId: parseGlobalId(input.socialAccountId, 'SocialAccount') };
  if (given(input.userId)) return { kind: 'user', userId: parseGlobalId(input.userId, 'User'), roleId: given(input.roleId) ? parseGlobalId(input.roleId, 'CreditRole') : null };
  if (given(input.listId)) return { kind: 'list', listId: parseGlobalId(input.listId, 'List') };
  if (given(input.projectId)) return { kind: 'project', projectId: parseGlobalId(input.projectId, 'Project') };
  // Exactly one was given, and it is none of the above.
  return { kind: 'teamReport', teamReportId: parseGlobalId(subjects[0]!, 'TeamReport') };
}

@Resolver()
export class AnalyticsResolver {
  @Query(() => StatsSeries, {
    description: `Views, likes or posts per day or week over a date range (at most ${MAX_SERIES_BUCKETS} points), from Byline’s stored readings. Counts only posts the viewer may see and public credits; a list’s series is for its owner only, a team report’s for the team’s members, a project’s for whoever may see the project.`,
  })
  statsSeries(@Arg('input', () => StatsSeriesInput, { description: 'The subject, metric, interval and range.' }) input: StatsSeriesInput, @Ctx() context: RequestContext): Promise<StatsSeries> {
    return statsSeries(context.em, context.viewer, { subject: readSubject(input.subject), metric: input.metric, interval: input.interval, from: input.from, to: input.to });
  }
}
