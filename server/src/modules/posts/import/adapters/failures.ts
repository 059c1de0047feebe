/**
 * How network answers become ScrapeFailure reasons. Status codes decide first; a page that
 * is served but carries no post is explained by its own words (each network has its phrases).
 */
import { ScrapeFailure, type OutboundResponse, type ScrapeFailureReason } from '../scraped-post.js';

/** Throws the failure an unsuccessful status means; 2xx passes. */
export function failOnStatus(response: OutboundResponse, what: string): void {
  const { status } = response;
  if (status >= 200 && status < 300) return;
  if (status === 404 || status === 410 || status === 400) throw new ScrapeFailure('not_found', `${what}: the network has no such post (HTTP ${status})`);
  if (status === 401 || status === 403) throw new ScrapeFailure('private', `${what}: the post is not public (HTTP ${status})`);
  if (status === 429) throw new ScrapeFailure('blocked', `${what}: the network is rate limiting us (HTTP 429)`);
  // 5xx and anything unexpected: an answer we cannot use now, which a later try may fix.
  throw new ScrapeFailure('malformed', `${what}: the network answered HTTP ${status}`);
}

/** Phrases by which a network's page says why the post is not shown. */
export interface UnavailableMarkers {
  readonly deleted: readonly RegExp[];
  readonly private: readonly RegExp[];
  /** Pages that say plainly there is no such post (where the network answers 200 anyway). */
  readonly notFound?: readonly RegExp[];
}

/** Deleted is checked first: "removed" pages often also mention privacy as a possible cause. */
export function unavailableReason(text: string, markers: UnavailableMarkers): ScrapeFailureReason | null {
  if (markers.deleted.some((pattern) => pattern.test(text))) return 'deleted';
  if (markers.private.some((pattern) => pattern.test(text))) return 'private';
  if (markers.notFound?.some((pattern) => pattern.test(text))) return 'not_found';
  return null;
}

const REASON_WORDS: Readonly<Record<ScrapeFailureReason, string>> = {
  not_found: 'the network has no such post',
  deleted: 'the post was deleted',
  private: 'the post is private',
  timeout: 'the network did not answer in time',
  blocked: 'the network refused us',
  malformed: 'the answer could not be understood',
};

export function failure(reason: ScrapeFailureReason, what: string): ScrapeFailure {
  return new ScrapeFailure(reason, `${what}: ${REASON_WORDS[reason]}`);
}

/**
 * A "not found" from an oEmbed endpoint does not say whether the post never existed or was
 * deleted (or hidden); when a second source explains it better, its reason wins.
 */
export function explainMissing(primary: unknown, secondary: PromiseSettledResult<unknown>): unknown {
  const explained = secondary.status === 'rejected' && secondary.reason instanceof ScrapeFailure ? secondary.reason : null;
  if (primary instanceof ScrapeFailure && primary.reason === 'not_found' && (explained?.reason === 'deleted' || explained?.reason === 'private')) return explained;
  return primary;
}
