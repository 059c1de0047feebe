import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RateLimited,
  Unauthenticated,
  Unprocessable,
  UpstreamTimeout,
  toPublicError,
} from './app-errors.js';

describe('toPublicError', () => {
  it.each([
    [new InvalidInput('Invalid url'), 400, 'BAD_USER_INPUT', 'Invalid url'],
    [new Unauthenticated(), 401, 'UNAUTHENTICATED', 'Please sign up or sign in to do that!'],
    [new Forbidden(), 403, 'FORBIDDEN', 'You do not have permission to do that.'],
    [new NotFound('User was not found'), 404, 'NOT_FOUND', 'User was not found'],
    [new Conflict(), 409, 'CONFLICT', 'That resource already exists'],
    [new Unprocessable('Platform not supported'), 422, 'UNPROCESSABLE', 'Platform not supported'],
    [new RateLimited(), 429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'],
    [new UpstreamTimeout(), 504, 'TIMEOUT', 'Timeout: Timeout accessing the product. Try again later.'],
  ])('maps %s to its status, code and the spec message', (error, status, code, message) => {
    expect(toPublicError(error)).toEqual({ status, code, message });
  });

  it('turns anything else into the generic 500 without its message', () => {
    expect(toPublicError(new Error('connection refused at 10.0.0.3:5432'))).toEqual({
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'An unexpected error occurred',
    });
  });

  it('keeps safe details', () => {
    expect(toPublicError(new InvalidInput('Invalid id', { id: 'x' }))).toMatchObject({ details: { id: 'x' } });
  });
});
