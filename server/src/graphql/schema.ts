import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type BuildSchemaOptions, type NonEmptyArray, type PubSub } from 'type-graphql';
import { withDirectGlobalIds } from './node.js';
import { withTextArgumentGuard } from './text-argument-guard.js';

/**
 * The schema of these resolvers (the app's are listed in registry.ts), with what every field
 * shares: global ids answered directly, and text arguments refused when they cannot be stored.
 * Built per server so each uses its own pub/sub connection.
 */
export async function buildSchemaFrom(resolvers: NonEmptyArray<Function>, pubSub: PubSub): Promise<GraphQLSchema> {
  const options = { resolvers, validate: false, pubSub } satisfies BuildSchemaOptions;
  return withTextArgumentGuard(withDirectGlobalIds(await buildSchema(options)));
}
