import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { AppError } from '../errors/app-errors.js';

/**
 * One of our typed errors, thrown before execution (a plugin hook, the context function), as
 * Apollo wants it: the HTTP status in `extensions.http`, the typed error inside so errors.ts
 * answers with our usual code and message. Thrown bare, Apollo would answer 500. `headers` go on
 * the HTTP answer (Retry-After, say).
 */
export function httpRefusal(error: AppError, headers: Record<string, string> = {}): GraphQLError {
  const http = { status: error.status, ...(Object.keys(headers).length > 0 ? { headers: new HeaderMap(Object.entries(headers)) } : {}) };
  return new GraphQLError(error.message, { originalError: error, extensions: { http } });
}
