/**
 * The shape shared by networks read from the post's own page (Open Graph, JSON-LD): fetch
 * the page, settle which post it is, map its metadata. Each network supplies only its rules
 * and its mapping; fetchStats reads the same page, the one source these networks have.
 */
import type { NetworkId } from '../../../../../../domain/networks.js';
import type { RecognizedPostUrl } from '../../../../../../domain/url-recognition.js';
import type { NetworkAdapter, ScrapedPost, ScrapedStats } from '../scraped-post.js';
import { canonicalIdentity } from './identity.js';
import type { PageMetadata } from './open-graph.js';
import { fetchPostPage, type PageRules } from './page-fetch.js';

export type PagePostFields = Omit<ScrapedPost, 'networkId' | 'externalId' | 'url' | 'stats'>;

export interface PageReader {
  readonly networkId: NetworkId;
  readonly rules: PageRules;
  /** `pageUrl` is where the page was found, for relative links and handles in the path. */
  read(page: PageMetadata, context: { recognized: RecognizedPostUrl; pageUrl: string }): PagePostFields;
  stats(page: PageMetadata): ScrapedStats | null;
}

export function createPageAdapter(reader: PageReader): NetworkAdapter {
  return {
    networkId: reader.networkId,
    async scrape(recognized, http) {
      const { page, url: pageUrl } = await fetchPostPage(http, recognized.normalizedUrl, reader.rules);
      const identity = canonicalIdentity(recognized, [pageUrl, page.meta('og:url'), page.canonicalUrl]);
      return {
        networkId: reader.networkId,
        ...identity,
        ...reader.read(page, { recognized, pageUrl }),
        stats: reader.stats(page),
      };
    },
    async fetchStats(post, http) {
      const { page } = await fetchPostPage(http, post.url, reader.rules);
      return reader.stats(page);
    },
  };
}
