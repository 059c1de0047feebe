import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import * as MESSAGES from '../../../domain/messages.js';
import { AppError, RateLimited, Unauthenticated } from '../errors/app-errors.js';
import type { Logger } from '../logger.js';
import type { PostgresPubSub } from '../pubsub/postgres-pubsub.js';
import type { GraphQLContext } from './context.js';
import { formatGraphQLError } from './errors.js';
import { GRAPHQL_LIMITS, armorValidationRules } from './limits.js';
import { signInHeaders, socketSignIn } from './socket-origin.js';
import type { SocketOperationLimit } from './socket-rate-limit.js';

const MAX_MESSAGE_BYTES = 64 * 1024;
const SUBSCRIPTIONS_ONLY = 'Only subscriptions are accepted over WebSocket; send queries and mutations over HTTP.';

export type ContextFactory = (headers: IncomingMessage['headers'], connectionToken: string | null) => Promise<GraphQLContext>;

/** Closes a socket when the session or token it runs as is revoked anywhere (auth's SessionSockets). */
export interface SocketSessionWatch {
  listen(pubsub: PostgresPubSub, logger: Logger): () => void;
  /** Reads an operation's context and watches its viewer's session from then on; null when it ended meanwhile. */
  watch<T extends GraphQLContext>(socket: WebSocket, read: () => Promise<T>): Promise<T | null>;
  forget(socket: WebSocket): void;
}

/**
 * graphql-ws on the same HTTP server and path as Apollo, for subscriptions only. Every operation
 * gets its own context (a fresh EntityManager fork and viewer), the same parse and validation
 * limits and the same per-client rate limit as HTTP. Upgrades from foreign origins are refused
 * (socket-origin.ts), and a socket closes when the session it runs as is revoked.
 */
export function attachGraphQLWebSocket(options: {
  httpServer: Server;
  schema: GraphQLSchema;
  createContext: ContextFactory;
  sessions: SocketSessionWatch;
  logger: Logger;
  pubsub: PostgresPubSub;
  /** The app's own origin and those configured for the mobile app. */
  allowedOrigins: ReadonlySet<string>;
  withinRateLimit: SocketOperationLimit;
}): { dispose(): Promise<void> } {
  const { schema, logger, allowedOrigins } = options;
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: '/graphql',
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: ({ req }, accept) => (socketSignIn(req, allowedOrigins) === 'refused' ? accept(false, 403, 'Forbidden') : accept(true)),
  });
  const sessionSockets = options.sessions;
  const stopListening = sessionSockets.listen(options.pubsub, logger);
  const rules = [...specifiedRules, ...armorValidationRules()];
  const requestError = (error: GraphQLError) =>
    formatGraphQLError({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' }, ...(error.locations ? { locations: error.locations } : {}) }, error, logger);

  const cleanup = useServer<Record<string, unknown>, { socket: WebSocket; request: IncomingMessage }>(
    {
      schema,
      onSubscribe: async (ctx, _id, payload) => {
        if (!(await options.withinRateLimit(ctx.extra.request))) return [refusal(new RateLimited())];
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
        } catch (error) {
          return [new GraphQLError(error instanceof GraphQLError ? error.message : 'Invalid query', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return errors.map((error) => new GraphQLError(requestError(error).message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
        // Queries and mutations go over HTTP, where the cross-site checks and audit of every write
        // live; a socket that could run them would be a side door around those.
        if (getOperationAST(document, payload.operationName)?.operation !== 'subscription') {
          return [new GraphQLError(SUBSCRIPTIONS_ONLY, { extensions: { code: 'BAD_REQUEST' } })];
        }
        const { request, socket } = ctx.extra;
        const token = typeof ctx.connectionParams?.authToken === 'string' ? ctx.connectionParams.authToken : null;
        const headers = signInHeaders(request, socketSignIn(request, allowedOrigins));
        let contextValue: GraphQLContext | null;
        try {
          contextValue = await sessionSockets.watch(socket, () => options.createContext(headers, token));
        } catch (error) {
          // A dead personal access token: answered like a refused session, not as a server fault.
          if (error instanceof AppError) return [refusal(error)];
          throw error;
        }
        if (!contextValue) return [refusal(new Unauthenticated(MESSAGES.sessionEnded))];
        return { schema, document, variableValues: payload.variables ?? undefined, operationName: payload.operationName ?? undefined, contextValue };
      },
      onClose: (ctx) => sessionSockets.forget(ctx.extra.socket),
      // Errors thrown while a stream runs arrive here rather than in a result.
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((error) => formatGraphQLError(error.toJSON(), error.originalError instanceof AppError ? error.originalError : error, logger)),
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors) return result;
        return { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error, logger)) };
      },
    },
    wsServer,
  );
  return {
    async dispose() {
      stopListening();
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}

/** One of our typed errors as the answer to a subscribe message; `onError` shows it as HTTP would. */
function refusal(error: AppError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: { code: error.code } });
}
