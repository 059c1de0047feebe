/**
 * Fetching a post's own page and deciding whether it shows the post: a login wall, a
 * "removed" page and a page without metadata each become the right ScrapeFailure.
 */
import type { OutboundHttp } from '../scraped-post.js';
import { failOnStatus, failure, unavailableReason, type UnavailableMarkers } from './failures.js';
import { parsePageMetadata, type PageMetadata } from './open-graph.js';

export interface PageRules {
  /** What to call the page in failure messages, e.g. 'Instagram post page'. */
  readonly what: string;
  /** Paths a network sends logged-out visitors to instead of a post that is not public. */
  readonly loginWall?: RegExp;
  readonly markers: UnavailableMarkers;
  /** Whether the page carries the post; when not, its words say why. Default: any og title, description or image. */
  readonly hasPost?: (page: PageMetadata) => boolean;
}

export interface FetchedPage {
  readonly page: PageMetadata;
  /** Where the page was finally found, after redirects (a network URL, never the scraper base). */
  readonly url: string;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

export async function fetchPostPage(http: OutboundHttp, url: string, rules: PageRules): Promise<FetchedPage> {
  const response = await http.get(url, { accept: HTML_ACCEPT });
  if (rules.loginWall?.test(new URL(response.url).pathname)) throw failure('private', rules.what);
  failOnStatus(response, rules.what);
  const contentType = response.headers.get('content-type') ?? 'text/html';
  if (!/html|xml/i.test(contentType)) throw failure('malformed', `${rules.what} (${contentType})`);
  const page = parsePageMetadata(await response.text());
  const hasPost = rules.hasPost ?? hasPreviewMetadata;
  if (!hasPost(page)) {
    const reason = unavailableReason(`${page.title ?? ''}\n${page.text}`, rules.markers);
    throw failure(reason ?? 'malformed', rules.what);
  }
  return { page, url: response.url };
}

export function hasPreviewMetadata(page: PageMetadata): boolean {
  return page.meta('og:title') !== null || page.meta('og:description') !== null || page.meta('og:image') !== null;
}
