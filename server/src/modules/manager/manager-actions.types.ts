import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@InputType('RemoveFromMyPostsInput')
export class RemoveFromMyPostsInput {
  @Field(() => [ID], { defaultValue: [], description: 'Posts (global ids of Post) to take out of the viewer’s posts, at most 500.' })
  postIds!: string[];

  @Field(() => [String], { defaultValue: [], description: 'Links still importing or failed (rows without a post), by their url.' })
  urls!: string[];
}

@ObjectType('RemoveFromMyPostsPayload')
export class RemoveFromMyPostsPayload {
  @Field(() => Int, { description: 'How many posts and links the viewer no longer tracks.' }) removedCount!: number;
  @Field(() => Int, { description: 'Posts that stay among the viewer’s because they are credited on them or posted them from a verified account.' })
  keptCount!: number;
}

@InputType('RefreshPostStatsInput')
export class RefreshPostStatsInput {
  @Field(() => [ID], { description: 'Posts (global ids of Post) to refresh now, at most 500.' }) postIds!: string[];
}

@ObjectType('RefreshPostStatsPayload')
export class RefreshPostStatsPayload {
  @Field(() => Int, { description: 'Posts whose numbers are being fetched now.' }) queuedCount!: number;
  @Field(() => Int, { description: 'Posts refreshed within the last hour already: their numbers are current.' }) alreadyFreshCount!: number;
  @Field(() => Int, { description: 'Posts over the limit of 200 refreshes an hour per person: try again later.' }) overLimitCount!: number;
}
