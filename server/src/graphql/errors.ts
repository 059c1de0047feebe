import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError, UNEXPECTED_ERROR } from '../errors/app-errors.js';
import type { Logger } from '../logger.js';

/** Errors of the request itself (bad syntax, unknown field, over a limit): safe to show as they are. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * The one mapping from a thrown error to what a GraphQL client sees (HTTP and WebSocket).
 * Our typed errors keep their message and code; request errors keep graphql-js' message;
 * anything else is logged and answered with the generic message. Never a stack trace.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, logger: Logger): GraphQLFormattedError {
  const original = typedErrorBehind(error);
  const position = { ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}) };
  if (original instanceof AppError) {
    return {
      message: original.message,
      ...position,
      extensions: { code: original.code, status: original.status, ...(original.details ? { details: original.details } : {}) },
    };
  }
  const code = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : null;
  if (code !== null && REQUEST_ERROR_CODES.has(code)) {
    return { message: formatted.message, ...position, extensions: { code, status: 400 } };
  }
  const refusedStatus = apolloRefusalStatus(error);
  if (refusedStatus !== null) return { message: formatted.message, ...position, extensions: { code: 'BAD_REQUEST', status: refusedStatus } };
  logger.error({ err: original }, 'unexpected GraphQL error');
  return { message: UNEXPECTED_ERROR.message, ...position, extensions: { code: UNEXPECTED_ERROR.code, status: UNEXPECTED_ERROR.status } };
}

/**
 * The error to map: a resolver's own (graphql-js wraps it with a path), or a typed error a plugin
 * threw before execution (the cost limit's 429), which Apollo wraps without a path.
 */
function typedErrorBehind(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError ? unwrapped.originalError : unwrapped;
}

/**
 * The 4xx status of a request Apollo refused with no code of its own (a persisted query whose hash
 * does not match its text, an unknown persisted-query version, a mutation over GET): the client's
 * mistake, answered with its message, not as an unexpected error.
 */
function apolloRefusalStatus(error: unknown): number | null {
  const http: unknown = error instanceof GraphQLError ? error.extensions.http : undefined;
  if (typeof http !== 'object' || http === null || !('status' in http) || typeof http.status !== 'number') return null;
  return http.status >= 400 && http.status < 500 ? http.status : null;
}
