import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { Network } from '../../networks/index.js';
import { Post } from '../../posts/index.js';

@ObjectType('DashboardNetworkTotals', { description: 'The viewer’s totals on one network: their imported posts (tracked, credited or from their verified accounts) added up.' })
export class DashboardNetworkTotals {
  @Field(() => Network, { description: 'The network these totals add up.' }) network!: Network;
  @Field(() => Int, { description: 'How many of the viewer’s posts are on this network.' }) posts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Views of those posts added up, where the network tells.' }) views!: number;
  @Field(() => GraphQLSafeInt, { description: 'Likes of those posts added up, where the network tells.' }) likes!: number;
  @Field(() => GraphQLSafeInt, { description: 'Comments on those posts added up, where the network tells.' }) comments!: number;
}

@ObjectType('DashboardPostChange', { description: 'How much a number grew since the oldest stored reading at least a week old; null without such a reading.' })
export class DashboardPostChange {
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Views gained; null without a reading a week old.' }) views!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Likes gained; null without a reading a week old.' }) likes!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Comments gained; null without a reading a week old.' }) comments!: number | null;
}

@ObjectType('DashboardRecentPost', { description: 'One of the viewer’s latest posts with its latest numbers (Post.stats) and their change since last week.' })
export class DashboardRecentPost {
  @Field(() => Post, { description: 'The post, with its latest numbers in stats.' }) post!: Post;
  @Field(() => DashboardPostChange, { description: 'Growth since the latest reading taken a week ago or earlier.' }) changeSinceLastWeek!: DashboardPostChange;
}

@ObjectType('Dashboard', { description: 'The signed-in home page: the viewer’s totals per dashboard network and their latest posts.' })
export class Dashboard {
  @Field(() => [DashboardNetworkTotals], { description: 'One entry per network shown on the dashboard (a fixed set of 6: Twitter, Instagram, Facebook, YouTube, TikTok, Snapchat), in that order.' })
  networks!: DashboardNetworkTotals[];

  @Field(() => [DashboardRecentPost], { description: 'The viewer’s latest posts, newest first (at most 6).' })
  recentPosts!: DashboardRecentPost[];
}
