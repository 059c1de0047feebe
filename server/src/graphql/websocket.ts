import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { Logger } from '../logger.js';
import type { RequestContext } from './context.js';
import { formatGraphQLError } from './errors.js';
import { GRAPHQL_LIMITS, armorValidationRules } from './limits.js';

const MAX_MESSAGE_BYTES = 64 * 1024;

export type ContextFactory = (headers: IncomingMessage['headers'], connectionToken: string | null) => Promise<RequestContext>;

/**
 * graphql-ws on the same HTTP server and path as Apollo. Every operation gets its own context
 * (a fresh EntityManager fork and viewer), and the same parse and validation limits as HTTP.
 */
export function attachGraphQLWebSocket(options: {
  httpServer: Server;
  schema: GraphQLSchema;
  createContext: ContextFactory;
  logger: Logger;
}): { dispose(): Promise<void> } {
  const wsServer = new WebSocketServer({ server: options.httpServer, path: '/graphql', maxPayload: MAX_MESSAGE_BYTES });
  const rules = [...specifiedRules, ...armorValidationRules()];
  const requestError = (error: GraphQLError) =>
    formatGraphQLError({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' }, ...(error.locations ? { locations: error.locations } : {}) }, error, options.logger);

  const cleanup = useServer<Record<string, unknown>, { request: IncomingMessage }>(
    {
      schema: options.schema,
      onSubscribe: async (ctx, _id, payload) => {
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
        } catch (error) {
          return [new GraphQLError(error instanceof GraphQLError ? error.message : 'Invalid query', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
        }
        const errors = validate(options.schema, document, rules);
        if (errors.length > 0) return errors.map((error) => new GraphQLError(requestError(error).message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
        const token = typeof ctx.connectionParams?.authToken === 'string' ? ctx.connectionParams.authToken : null;
        return {
          schema: options.schema,
          document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          contextValue: await options.createContext(ctx.extra.request.headers, token),
        };
      },
      // Errors thrown while a stream runs arrive here rather than in a result.
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatGraphQLError(error.toJSON(), error, options.logger)),
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors) return result;
        return { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error, options.logger)) };
      },
    },
    wsServer,
  );
  return {
    async dispose() {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
