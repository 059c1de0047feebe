import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { StatsSubject } from './analytics.sql.js';
import { MAX_SERIES_BUCKETS, statsSeries } from './analytics.service.js';
import { StatsSeries, StatsSeriesInput, type StatsSubjectInput } from './analytics.types.js';

const ONE_SUBJECT = 'Give exactly one of postId, socialAccountId, userId, listId or teamReportId.';

function readSubject(input: StatsSubjectInput): StatsSubject {
  const given = [input.postId, input.socialAccountId, input.userId, input.listId, input.teamReportId].filter((id) => id !== null && id !== undefined);
  if (given.length !== 1) throw new InvalidInput(ONE_SUBJECT, { field: 'subject' });
  if (input.roleId && !input.userId) throw new InvalidInput('roleId goes with userId.', { field: 'roleId' });
  if (input.postId) return { kind: 'post', postId: parseGlobalId(input.postId, 'Post') };
  if (input.socialAccountId) return { kind: 'account', socialAccountId: parseGlobalId(input.socialAccountId, 'SocialAccount') };
  if (input.userId) return { kind: 'user', userId: parseGlobalId(input.userId, 'User'), roleId: input.roleId ? parseGlobalId(input.roleId, 'CreditRole') : null };
  if (input.listId) return { kind: 'list', listId: parseGlobalId(input.listId, 'List') };
  return { kind: 'teamReport', teamReportId: parseGlobalId(input.teamReportId!, 'TeamReport') };
}

@Resolver()
export class AnalyticsResolver {
  @Query(() => StatsSeries, {
    description: `Views, likes or posts per day or week over a date range (at most ${MAX_SERIES_BUCKETS} points), from Byline’s stored readings. Counts only posts the viewer may see and public credits; a list’s series is for its owner only, a team report’s for the team’s members.`,
  })
  statsSeries(@Arg('input', () => StatsSeriesInput) input: StatsSeriesInput, @Ctx() context: RequestContext): Promise<StatsSeries> {
    return statsSeries(context.em, context.viewer, { subject: readSubject(input.subject), metric: input.metric, interval: input.interval, from: input.from, to: input.to });
  }
}
