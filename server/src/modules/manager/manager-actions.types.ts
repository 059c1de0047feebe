import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@InputType('RemoveFromMyPostsInput', { description: 'The posts and pending or failed links to stop tracking: at most 500 in all.' })
export class RemoveFromMyPostsInput {
  @Field(() => [ID], { defaultValue: [], description: 'Posts (global ids of Post) to take out of the viewer’s posts, at most 500.' })
  postIds!: string[];

  @Field(() => [String], { defaultValue: [], description: 'Links still importing or failed (rows without a post), by their url.' })
  urls!: string[];
}

@ObjectType('RemoveFromMyPostsPayload', { description: 'What removeFromMyPosts answers: how many rows went and how many stayed.' })
export class RemoveFromMyPostsPayload {
  @Field(() => Int, { description: 'How many posts and links the viewer no longer tracks.' }) removedCount!: number;
  @Field(() => Int, { description: 'Posts that stay among the viewer’s because they are credited on them or posted them from a verified account.' })
  keptCount!: number;
}

@InputType('RefreshPostStatsInput', { description: 'The posts whose numbers to fetch now.' })
export class RefreshPostStatsInput {
  @Field(() => [ID], { description: 'Posts (global ids of Post) to refresh now, at most 500.' }) postIds!: string[];
}

@ObjectType('RefreshPostStatsPayload', { description: 'The result of refreshPostStats: how many posts were queued, fresh already, or over the hourly limit.' })
export class RefreshPostStatsPayload {
  @Field(() => Int, { description: 'Posts whose numbers are being fetched now.' }) queuedCount!: number;
  @Field(() => Int, { description: 'Posts refreshed within the last hour already: their numbers are current.' }) alreadyFreshCount!: number;
  @Field(() => Int, { description: 'Posts over the limit of 200 refreshes an hour per person: try again later.' }) overLimitCount!: number;
}
