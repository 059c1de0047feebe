import type { TokenScope } from '../../../../../domain/token-scopes.js';
import { Forbidden } from '../../../errors/app-errors.js';


export const READ_ONLY_TOKEN_MESSAGE = 'This personal access token is read-only: it can run queries and subscriptions, not mutations or other changes.';
export const INVALID_TOKEN_MESSAGE = 'This personal access token is not valid: it is unknown, expired or revoked.';

/** REST methods that never change anything. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The part of a viewer this rule reads; a viewer that came without a token may always write. */
interface TokenHolder {
  personalAccessTokenScope?: TokenScope;
}

export function mayWrite(viewer: TokenHolder | null): boolean {
  return viewer?.personalAccessTokenScope !== 'read_only';
}

/** The refusal for a change attempted with a read-only token. */
export function readOnlyTokenRefusal(): Forbidden {
  return new Forbidden(READ_ONLY_TOKEN_MESSAGE, { reason: 'read_only_token' });
}

/**
 * The REST façade's rule, applied where every route gets its viewer: a call that may change
 * something (any method but GET, HEAD and OPTIONS) made with a read-only token is refused.
 */
export function refuseReadOnlyTokenWrite<T extends { viewer: TokenHolder | null }>(method: string, context: T): T {
  if (!READ_METHODS.has(method.toUpperCase()) && !mayWrite(context.viewer)) throw readOnlyTokenRefusal();
  return context;
}
