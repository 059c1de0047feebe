import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NotFound, toPublicError, InvalidInput } from '../errors/app-errors.js';
import type { Logger } from '../logger.js';

/** REST success shape of spec section 7: `{ success: true, data }`. */
export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** Runs an async route and hands anything it throws to the error handler below. */
export function route(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

export function apiNotFound(): RequestHandler {
  return (_req, _res, next) => next(new NotFound('Not found'));
}

/**
 * The one place a REST error becomes a response: `{ success: false, message }` with the status
 * of spec section 8. Unexpected errors are logged and answered with the generic message.
 */
export function apiErrorHandler(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const mapped = toPublicError(fromBodyParserError(error) ?? error);
    if (mapped.status >= 500) logger.error({ err: error }, 'unexpected REST error');
    res.status(mapped.status).json({ success: false, message: mapped.message, code: mapped.code, ...(mapped.details ? { details: mapped.details } : {}) });
  };
}

/** express.json() reports bad bodies with a `type`; they are the client's mistake, not ours. */
function fromBodyParserError(error: unknown): InvalidInput | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new InvalidInput('The request body is not valid JSON.');
    case 'entity.too.large':
      return new InvalidInput('The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new InvalidInput('The request body encoding is not supported.');
    default:
      return null;
  }
}
