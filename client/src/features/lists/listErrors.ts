import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';

/** The server's own words for an expected failure (a taken name, a full list); the generic message otherwise. */
export function listErrorMessage(error: unknown): string {
  const refusal = serverRefusal(error);
  return refusal && refusal.code !== 'INTERNAL_SERVER_ERROR' ? refusal.message : MESSAGES.unexpected;
}
