import * as MESSAGES from '../../../../../../domain/messages.js';
import { recognizePostUrl, type RecognizedPostUrl } from '../../../../../../domain/url-recognition.js';
import { InvalidInput, Unprocessable, type AppError } from '../../../../errors/app-errors.js';
import type { ScrapeFailure } from '../scraped-post.js';

/** Recognises a pasted link, or throws the spec's answer: 400 "Invalid url" / 422 "Platform not supported". */
export function recognizeOrThrow(url: string): RecognizedPostUrl {
  const result = recognizePostUrl(url);
  if (result.ok) return result.value;
  if (result.error.reason === 'platform_not_supported') throw new Unprocessable(MESSAGES.platformNotSupported, { url });
  throw new InvalidInput(MESSAGES.invalidUrl, { url });
}

/** What an import says of a link the network does not know; also said of posts the asker may not see. */
export const MISSING_POST_MESSAGE = MESSAGES.couldNotFindOrCreatePost;

/** Failures that another try will not fix. */
export function isPermanentScrapeFailure(failure: ScrapeFailure): boolean {
  return failure.reason === 'not_found' || failure.reason === 'deleted' || failure.reason === 'private';
}

/**
 * The message a user sees when an import fails, in the spec's words. The client picks its
 * warning panel from it (docs/product.md §Posts: a message containing "deleted" marks a deleted
 * post).
 */
export function importFailureMessage(failure: ScrapeFailure): string {
  switch (failure.reason) {
    case 'not_found':
      return MISSING_POST_MESSAGE;
    case 'deleted':
      return `${MESSAGES.failedToScrapeWithUrl}: the post was deleted`;
    case 'private':
      return `${MESSAGES.failedToScrapeWithUrl}: the post is private`;
    default:
      return MESSAGES.failedToScrape;
  }
}

export function importFailureError(message: string, url: string): AppError {
  return new Unprocessable(message, { url });
}
