/**
 * Instagram: the post page's Open Graph tags, which Instagram serves logged out. Its
 * og:description packs the numbers, the handle and the date into one line:
 *   `1,234 likes, 56 comments - natgeo on March 3, 2024: "caption".`
 * Posts that are not public send logged-out visitors to the login page.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { recognizePostUrl } from '../../../../../../domain/url-recognition.js';
import type { ScrapedStats } from '../scraped-post.js';
import { countBefore, statsOrNull } from './counts.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { blankToNull, hasVideo, ogDescription, ogImage, ogTitle, parseDate, requireHandle } from './page-post.js';

const DESCRIPTION = /-\s+([A-Za-z0-9._]+)\s+on\s+([A-Z][a-z]+ \d{1,2}, \d{4})\s*:\s*([\s\S]*)$/;

function readDescription(page: PageMetadata): { handle: string | null; date: string | null; caption: string | null } {
  const match = DESCRIPTION.exec(ogDescription(page) ?? '');
  if (!match) return { handle: null, date: null, caption: null };
  return { handle: match[1] ?? null, date: match[2] ?? null, caption: blankToNull(unquote(match[3] ?? '')) };
}

/** Instagram wraps the caption in quotes and ends the line with a full stop. */
function unquote(text: string): string {
  return text.trim().replace(/^["\u201c]/, '').replace(/["\u201d]\.?$/, '');
}

/** og:title is `Display Name on Instagram: "caption"`. */
function readTitle(page: PageMetadata): { displayName: string | null; caption: string | null } {
  const match = /^(.*?) on Instagram(?::\s*([\s\S]*))?$/.exec(ogTitle(page) ?? '');
  return { displayName: blankToNull(match?.[1]), caption: blankToNull(unquote(match?.[2] ?? '')) };
}

function instagramStats(page: PageMetadata): ScrapedStats | null {
  const description = ogDescription(page) ?? '';
  return statsOrNull({
    views: countBefore(description, /views|plays/),
    likes: countBefore(description, /likes?/),
    comments: countBefore(description, /comments?/),
    shares: null,
  });
}

export const instagramAdapter = createPageAdapter({
  networkId: NetworkId.Instagram,
  rules: {
    what: 'Instagram post page',
    loginWall: /^\/accounts\/login/,
    markers: {
      deleted: [/may have been removed/i, /this page isn't available/i, /no longer available/i],
      private: [/this account is private/i],
    },
    // A private account's link shows the profile's tags, so only a post's own og:url counts.
    hasPost: (page) => {
      const url = page.meta('og:url') ?? page.canonicalUrl;
      return url !== null && recognizePostUrl(url).ok;
    },
  },
  read(page, { recognized, pageUrl }) {
    const described = readDescription(page);
    const titled = readTitle(page);
    const isVideo = hasVideo(page) || recognized.kind === 'reel' || recognized.kind === 'tv';
    return {
      caption: described.caption ?? titled.caption,
      thumbnailUrl: ogImage(page, pageUrl),
      type: isVideo ? PostType.Video : PostType.Image,
      postedAt: parseDate(described.date === null ? null : `${described.date} UTC`),
      author: { handle: requireHandle('Instagram post page', described.handle), displayName: titled.displayName, avatarUrl: null },
    };
  },
  stats: instagramStats,
});
