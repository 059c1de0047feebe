import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray, type PubSub } from 'type-graphql';
import { CreditResolver } from '../modules/credits/credit.resolver.js';
import { NetworkResolver, SocialAccountResolver } from '../modules/networks/network.resolver.js';
import { NotificationResolver, NotificationSubscriptionResolver } from '../modules/notifications/notification.resolver.js';
import { PostResolver } from '../modules/posts/post.resolver.js';
import { SearchResolver } from '../modules/search/search.resolver.js';
import { TeamMemberResolver, TeamResolver } from '../modules/teams/team.resolver.js';
import { UserResolver } from '../modules/users/user.resolver.js';

// Listed explicitly (no folder scanning) so the schema is the same from sources and from dist/.
const RESOLVERS: NonEmptyArray<Function> = [
  UserResolver,
  NetworkResolver,
  SocialAccountResolver,
  PostResolver,
  CreditResolver,
  TeamResolver,
  TeamMemberResolver,
  NotificationResolver,
  NotificationSubscriptionResolver,
  SearchResolver,
];

/**
 * The one schema served over HTTP and WebSocket and emitted to schema/schema.graphql.
 * Built per server so each uses its own pub/sub connection.
 */
export function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, validate: false, pubSub });
}
