import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import type { RateLimitStatus } from './cost-limit-plugin.js';

@ObjectType('RateLimit', {
  description:
    'The caller’s hourly API budget, counted per personal access token, else per signed-in user, else per client address. ' +
    'Each operation costs points from its selection: one per 100 pages it may fetch (nested connections count once per item of their parent page, ' +
    'at `first`/`last` or the default page size), at least 1, and mutations at least 5. The same figures come in the X-RateLimit-* response headers.',
})
export class RateLimitView implements RateLimitStatus {
  @Field(() => Int, { description: 'Points this operation cost (asking for `rateLimit` adds nothing).' }) cost!: number;
  @Field(() => Int, { description: 'Points the caller may spend per hour.' }) limit!: number;
  @Field(() => Int, { description: 'Points spent in the current window, this operation included.' }) used!: number;
  @Field(() => Int, { description: 'Points left in the current window.' }) remaining!: number;
  @Field(() => Date, { description: 'When the window ends and the budget is whole again.' }) resetAt!: Date;
}

@Resolver()
export class RateLimitResolver {
  @Query(() => RateLimitView, { nullable: true, description: 'The caller’s API budget after this operation; null where operations are not counted (WebSocket subscriptions).' })
  rateLimit(@Ctx() context: GraphQLContext): RateLimitView | null {
    return context.rateLimit ?? null;
  }
}
