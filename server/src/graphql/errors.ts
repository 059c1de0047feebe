import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
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
  const original = unwrapResolverError(error);
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
  logger.error({ err: original }, 'unexpected GraphQL error');
  return { message: UNEXPECTED_ERROR.message, ...position, extensions: { code: UNEXPECTED_ERROR.code, status: UNEXPECTED_ERROR.status } };
}
