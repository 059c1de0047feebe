import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';

/** The server's own words for an expected refusal (a block, the daily limit); the generic message otherwise. */
export function messageErrorMessage(error: unknown): string {
  const refusal = serverRefusal(error);
  return refusal && refusal.code !== 'INTERNAL_SERVER_ERROR' ? refusal.message : MESSAGES.unexpected;
}

/** A conversation's global id from the number in its page link (/messages/{databaseId}). */
export function conversationGlobalId(databaseId: number): string {
  return btoa(`Conversation:${databaseId}`);
}
