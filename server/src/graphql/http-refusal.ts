import { GraphQLError } from 'graphql';
import type { AppError } from '../errors/app-errors.js';

/**
 * One of our typed errors, thrown before execution (a plugin hook, the context function), as
 * Apollo wants it: the HTTP status in `extensions.http`, the typed error inside so errors.ts
 * answers with our usual code and message. Thrown bare, Apollo would answer 500.
 */
export function httpRefusal(error: AppError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: { http: { status: error.status } } });
}
