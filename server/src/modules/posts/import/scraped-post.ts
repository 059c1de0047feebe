import type { NetworkId } from '../../../../../domain/networks.js';
import type { PostType } from '../../../../../domain/enums.js';
import type { RecognizedPostUrl } from '../../../../../domain/url-recognition.js';

/** What a network adapter found out about one post, from public data. */
export interface ScrapedPost {
  networkId: NetworkId;
  /** The network's own id of the post; with networkId, the post's identity in Byline. */
  externalId: string;
  /** Canonical link to the post on its network. */
  url: string;
  caption: string | null;
  /** The network's picture URL (it may expire; the importer copies it into our storage). */
  thumbnailUrl: string | null;
  type: PostType;
  postedAt: Date | null;
  author: { handle: string; displayName: string | null; avatarUrl: string | null };
  /** Null when the network does not tell numbers without partner keys. */
  stats: ScrapedStats | null;
}

export interface ScrapedStats {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/** Why an adapter could not scrape a post. Each maps to a message of docs/product.md §Posts. */
export type ScrapeFailureReason =
  | 'not_found' // the network says there is no such post
  | 'deleted' // the post existed and was removed
  | 'private' // the post exists but is not public
  | 'timeout' // the network did not answer in time
  | 'blocked' // the network refused (rate limit, login wall)
  | 'malformed'; // the answer could not be understood

export class ScrapeFailure extends Error {
  constructor(
    readonly reason: ScrapeFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ScrapeFailure';
  }
}

/** One adapter per network. Adapters never touch the database. */
export interface NetworkAdapter {
  readonly networkId: NetworkId;
  /** Fetches the post behind an already recognised URL. Throws ScrapeFailure. */
  scrape(recognized: RecognizedPostUrl, http: OutboundHttp): Promise<ScrapedPost>;
  /** Fresh numbers for a known post (for the stats refresh); null when the network gives none. */
  fetchStats(post: { externalId: string; url: string }, http: OutboundHttp): Promise<ScrapedStats | null>;
}

export interface OutboundResponse {
  status: number;
  url: string;
  headers: Headers;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
}

/**
 * The one outbound HTTP client: timeouts, size and redirect limits, refusal of private
 * addresses for user-given URLs, and SCRAPER_BASE_URL rewriting for tests.
 */
export interface OutboundHttp {
  get(url: string, options?: { accept?: string; maxBytes?: number; timeoutMs?: number }): Promise<OutboundResponse>;
}
