/**
 * docs/product.md §Posts: which pasted links are posts we can track. Only http and https links are
 * valid; a host we do not know is "Platform not supported"; a known network with a path
 * that is not a post (a profile, a search page) is "Invalid url".
 */
import * as MESSAGES from './messages.js';
import { NetworkId } from './networks.js';
import {
  matchFacebookPost,
  matchInstagramPost,
  matchLinkedInPost,
  matchTikTokPost,
  matchTwitchPost,
  matchTwitterPost,
  matchYouTubePost,
  type PostMatcher,
  type PostUrlKind,
} from './post-url-patterns.js';
import { err, ok, type Result } from './result.js';
import { networkIdForHost, parseLink } from './url-parts.js';

export type { PostUrlKind } from './post-url-patterns.js';
export { isUrlLike, networkIdForHost } from './url-parts.js';
export { recognizeProfileUrl, type RecognizedProfile } from './profile-url-recognition.js';

export interface RecognizedPostUrl {
  readonly networkId: NetworkId;
  readonly kind: PostUrlKind;
  /** The network's own id for the post; with networkId it identifies the post. */
  readonly externalId: string;
  readonly normalizedUrl: string;
}

export type UrlRecognitionReason = 'invalid_url' | 'platform_not_supported';

export interface UrlRecognitionError {
  readonly reason: UrlRecognitionReason;
  /** The spec's user-facing words: "Invalid url" or "Platform not supported". */
  readonly message: string;
}

export const INVALID_URL_ERROR: UrlRecognitionError = { reason: 'invalid_url', message: MESSAGES.invalidUrl };
export const PLATFORM_NOT_SUPPORTED_ERROR: UrlRecognitionError = { reason: 'platform_not_supported', message: MESSAGES.platformNotSupported };

/**
 * Networks whose posts can be tracked. Behance, Threads and Snapchat are known networks
 * (profiles, import warnings) but docs/product.md §Posts names no post links for them, so their
 * links are "Platform not supported".
 */
const POST_MATCHERS: Readonly<Partial<Record<NetworkId, PostMatcher>>> = {
  [NetworkId.YouTube]: matchYouTubePost,
  [NetworkId.Twitter]: matchTwitterPost,
  [NetworkId.Instagram]: matchInstagramPost,
  [NetworkId.TikTok]: matchTikTokPost,
  [NetworkId.LinkedIn]: matchLinkedInPost,
  [NetworkId.Twitch]: matchTwitchPost,
  [NetworkId.Facebook]: matchFacebookPost,
};

/** Never throws: any input, however malformed, gives a value or a typed error. */
export function recognizePostUrl(input: string): Result<RecognizedPostUrl, UrlRecognitionError> {
  const link = parseLink(input);
  if (link === null) return err(INVALID_URL_ERROR);
  const networkId = networkIdForHost(link.host);
  const matcher = networkId === null ? undefined : POST_MATCHERS[networkId];
  if (networkId === null || matcher === undefined) return err(PLATFORM_NOT_SUPPORTED_ERROR);
  const match = matcher(link);
  return match === null ? err(INVALID_URL_ERROR) : ok({ networkId, ...match });
}

/** Thrown by `requirePostUrl` for callers (e.g. a resolver) that prefer exceptions. */
export class UrlRecognitionFailure extends Error {
  readonly reason: UrlRecognitionReason;

  constructor(error: UrlRecognitionError) {
    super(error.message);
    this.name = 'UrlRecognitionFailure';
    this.reason = error.reason;
  }
}

export function requirePostUrl(input: string): RecognizedPostUrl {
  const result = recognizePostUrl(input);
  if (!result.ok) throw new UrlRecognitionFailure(result.error);
  return result.value;
}
