import { ApolloServer, type ApolloServerPlugin, type PersistedQueryOptions } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import type { Logger } from '../logger.js';
import type { GraphQLContext } from './context.js';
import { formatGraphQLError } from './errors.js';
import { GRAPHQL_LIMITS, createArmor } from './limits.js';

/** GraphQL answers depend on the viewer and change as data changes: never stored by a cache. */
const noStoreAnswers: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

export function createApolloServer<C extends GraphQLContext>(options: {
  schema: GraphQLSchema;
  httpServer: Server;
  logger: Logger;
  extraPlugins?: ApolloServerPlugin<C>[];
  /** Where automatic persisted queries are kept; Apollo's default is each process's own memory. */
  persistedQueries?: PersistedQueryOptions;
}): ApolloServer<C> {
  const armor = createArmor();
  // Armor's typings come from its CJS build and clash with Apollo's ESM ones; the shapes are the same.
  const armorPlugins = armor.plugins as unknown as ApolloServerPlugin<C>[];
  return new ApolloServer<C>({
    schema: options.schema,
    // Integrators and the mobile shell discover the schema; the limits above bound what it costs.
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    persistedQueries: options.persistedQueries,
    // main.ts owns SIGINT/SIGTERM and stops everything in order (HTTP, queue, database). Apollo's
    // own handler raced it: both stopped the HTTP server and the drain never finished, so the
    // embedded PostgreSQL outlived Ctrl-C.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    hideSchemaDetailsFromClientErrors: true,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    validationRules: armor.validationRules,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, options.logger),
    plugins: [
      ...armorPlugins,
      ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // Apollo's default cache-control plugin computes a cache policy field by field (a
      // willResolveField hook, which also makes Apollo wrap every resolver of the schema), only to
      // answer `no-store`: the schema declares no cache hints. One header per answer does the same.
      ApolloServerPluginCacheControlDisabled(),
      noStoreAnswers,
      ...(options.extraPlugins ?? []),
    ],
  });
}
