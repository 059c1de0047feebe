import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { StatsIntervalEnum, StatsMetricEnum } from './analytics.enums.js';
import { MAX_SERIES_BUCKETS, type StatsInterval, type StatsMetric } from './analytics.service.js';

@InputType('StatsSubjectInput', { description: 'What a series adds up: give exactly one of postId, socialAccountId, userId, listId, teamReportId or projectId.' })
export class StatsSubjectInput {
  @Field(() => ID, { nullable: true, description: 'One post (global id).' }) postId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Every post of a social account that the viewer may see.' }) socialAccountId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Every post publicly credited to a person (their profile’s numbers).' }) userId?: string | null;
  @Field(() => ID, { nullable: true, description: 'With userId: only the posts they are credited on in this role (“my work as Editor”).' }) roleId?: string | null;
  @Field(() => ID, { nullable: true, description: 'One of the viewer’s lists: its posts and the public credits of its people (owner only).' }) listId?: string | null;
  @Field(() => ID, { nullable: true, description: 'A team’s saved report: the posts it covers (team members, paid Teams subscription).' }) teamReportId?: string | null;
  @Field(() => ID, { nullable: true, description: 'A project: the posts its published deliverables went out as, each once (whoever may see the project; a public one signed out too).' }) projectId?: string | null;
}

@InputType('StatsSeriesInput', { description: 'Which numbers, for what, per day or week, over which range.' })
export class StatsSeriesInput {
  @Field(() => StatsSubjectInput, { description: 'What to add up: one post, account, person, list, team report or project.' }) subject!: StatsSubjectInput;
  @Field(() => StatsMetricEnum, { description: 'VIEWS, LIKES or POSTS.' }) metric!: StatsMetric;
  @Field(() => StatsIntervalEnum, { description: 'DAY or WEEK (UTC).' }) interval!: StatsInterval;
  @Field(() => Date, { description: 'The first moment of the range; the series starts with the day or week holding it.' }) from!: Date;
  @Field(() => Date, { description: `The last moment of the range; the series ends with the day or week holding it (at most ${MAX_SERIES_BUCKETS} points).` }) to!: Date;
}

@ObjectType('StatsPoint', { description: 'One day or week of a series.' })
export class StatsPoint {
  @Field(() => Date, { description: 'When the day or week starts (UTC).' }) start!: Date;
  @Field(() => GraphQLSafeInt, { description: 'Views or likes: the total at its end. Posts: how many were published in it.' }) value!: number;
}

@ObjectType('StatsSeries', { description: 'Numbers over time from Byline’s stored readings, with where they came from and when they were read.' })
export class StatsSeries {
  @Field(() => StatsMetricEnum, { description: 'The number followed, as asked.' }) metric!: StatsMetric;
  @Field(() => StatsIntervalEnum, { description: 'The length of each point, as asked.' }) interval!: StatsInterval;
  @Field(() => Date, { description: 'Start of the first point.' }) from!: Date;
  @Field(() => Date, { description: 'End of the last point (exclusive).' }) to!: Date;
  @Field(() => [StatsPoint], { description: `Oldest first, one per day or week with none missing; at most ${MAX_SERIES_BUCKETS}.` }) points!: StatsPoint[];
  @Field(() => GraphQLSafeInt, { description: 'Views or likes: the total at the end of the range. Posts: how many were published by then.' }) total!: number;
  @Field(() => GraphQLSafeInt, { description: 'How much the total grew within the range (negative when a network lowered its count).' }) change!: number;
  @Field(() => String, { nullable: true, description: 'Where the numbers came from: the network’s name, or “Byline import” for posts on several networks; null when there are no posts.' })
  source!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the newest reading in the range was taken; null when nothing was read in it.' }) readAt!: Date | null;
}

