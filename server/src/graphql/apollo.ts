import { ApolloServer, type ApolloServerPlugin, type PersistedQueryOptions } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import type { Logger } from '../logger.js';
import type { RequestContext } from './context.js';
import { formatGraphQLError } from './errors.js';
import { GRAPHQL_LIMITS, createArmor } from './limits.js';

export function createApolloServer(options: {
  schema: GraphQLSchema;
  httpServer: Server;
  logger: Logger;
  extraPlugins?: ApolloServerPlugin<RequestContext>[];
  /** Where automatic persisted queries are kept; Apollo's default is each process's own memory. */
  persistedQueries?: PersistedQueryOptions;
}): ApolloServer<RequestContext> {
  const armor = createArmor();
  // Armor's typings come from its CJS build and clash with Apollo's ESM ones; the shapes are the same.
  const armorPlugins = armor.plugins as unknown as ApolloServerPlugin<RequestContext>[];
  return new ApolloServer<RequestContext>({
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
      ...(options.extraPlugins ?? []),
    ],
  });
}
