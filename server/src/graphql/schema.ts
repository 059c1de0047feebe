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
  return withRootDescriptions(withTextArgumentGuard(withDirectGlobalIds(await buildSchema(options))));
}

/**
 * type-graphql builds the root types itself and takes no description for them; integrators
 * meet them first, so they are described here.
 */
const ROOT_DESCRIPTIONS = {
  query:
    'What a client can read. Most fields answer signed-out viewers too and say when they need a signed-in viewer; refusals come back in `errors` with `extensions.code` (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT).',
  mutation:
    'What a client can change. Every mutation takes one `input` and returns a payload named after it; each says who may call it, and refusals come back in `errors` with `extensions.code`.',
  subscription: 'Live updates over the GraphQL WebSocket, for a signed-in viewer: each pushes an event when what it watches changes.',
} as const;

function withRootDescriptions(schema: GraphQLSchema): GraphQLSchema {
  const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
  for (const [kind, type] of Object.entries(roots)) {
    if (type && !type.description) type.description = ROOT_DESCRIPTIONS[kind as keyof typeof ROOT_DESCRIPTIONS];
  }
  return schema;
}
