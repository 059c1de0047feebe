import type { NextFunction, Request, Response } from 'express';
import { publicErrorOf } from '../http/request-errors.js';
import type { Logger } from '../logger.js';

/**
 * Errors raised on /graphql before Apollo runs (body parsing, rate limit, session renewal):
 * answered as a GraphQL error with the same `extensions` a resolver's typed error has, so a
 * GraphQL client reads one shape whichever layer refused the request.
 */
export function graphqlHttpErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const mapped = publicErrorOf(error, req);
    if (mapped.status >= 500) logger.error({ err: error }, 'unexpected error before GraphQL execution');
    const extensions = { code: mapped.code, status: mapped.status, ...(mapped.details ? { details: mapped.details } : {}) };
    res.status(mapped.status).json({ errors: [{ message: mapped.message, extensions }] });
  };
}
