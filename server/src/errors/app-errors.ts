import * as MESSAGES from '../../../domain/messages.js';

/**
 * One error type per meaning. Each maps once to a GraphQL `extensions.code` and a REST
 * status (docs/product.md §Errors); the message is what the user sees, so it uses the product's
 * words.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  /** Extra, safe-to-show details (for example which field was invalid). */
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

export class InvalidInput extends AppError {
  readonly code = 'BAD_USER_INPUT';
  readonly status = 400;
}

export class Unauthenticated extends AppError {
  readonly code = 'UNAUTHENTICATED';
  readonly status = 401;
  constructor(message: string = MESSAGES.signUpPrompt, details?: Record<string, unknown>) {
    super(message, details);
  }
}

export class Forbidden extends AppError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor(message: string = 'You do not have permission to do that.', details?: Record<string, unknown>) {
    super(message, details);
  }
}

export class NotFound extends AppError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
}

export class Conflict extends AppError {
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(message: string = MESSAGES.resourceExists, details?: Record<string, unknown>) {
    super(message, details);
  }
}

/** Well-formed input the product cannot act on (an unsupported platform, a post that cannot be scraped). */
export class Unprocessable extends AppError {
  readonly code = 'UNPROCESSABLE';
  readonly status = 422;
}

export class RateLimited extends AppError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
  constructor(message: string = 'Too many requests. Please wait a moment and try again.', details?: Record<string, unknown>) {
    super(message, details);
  }
}

export class UpstreamTimeout extends AppError {
  readonly code = 'TIMEOUT';
  readonly status = 504;
  constructor(message: string = MESSAGES.timeout, details?: Record<string, unknown>) {
    super(message, details);
  }
}

export const UNEXPECTED_ERROR = { code: 'INTERNAL_SERVER_ERROR', status: 500, message: MESSAGES.unexpected } as const;

export interface PublicError {
  code: string;
  status: number;
  message: string;
  details?: Record<string, unknown>;
}

/** The one place an error becomes what a client sees. Anything unknown becomes the generic 500. */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof AppError) {
    return { code: error.code, status: error.status, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  return { ...UNEXPECTED_ERROR };
}
