import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NotFound } from '../errors/app-errors.js';
import type { Logger } from '../logger.js';
import { publicErrorOf } from './request-errors.js';

/** REST success shape (docs/product.md §API): `{ success: true, data }`. */
export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** Runs an async route and hands anything it throws to the error handler below. */
export function route(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

/**
 * Every /api answer is about whoever asked (their session, their invitations and codes, their
 * posts) or could be: set before any route runs, so errors and routes added later are covered
 * too, and no shared cache or browser history keeps one. A route may still set its own.
 */
export function privateNoStore(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  };
}

export function apiNotFound(): RequestHandler {
  return (_req, _res, next) => next(new NotFound('Not found'));
}

/**
 * The one place a REST error becomes a response: `{ success: false, message }` with the status
 * of docs/product.md §Errors. Unexpected errors are logged and answered with the generic message.
 */
export function apiErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const mapped = publicErrorOf(error, req);
    if (mapped.status >= 500) logger.error({ err: error }, 'unexpected REST error');
    res.status(mapped.status).json({ success: false, message: mapped.message, code: mapped.code, ...(mapped.details ? { details: mapped.details } : {}) });
  };
}
