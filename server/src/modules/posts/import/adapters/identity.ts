/**
 * Which post a scrape really found. Short and share links (vm.tiktok.com/…, /share/…,
 * fb.watch/…) carry a code of their own; after the network redirects us, the page names the
 * post's real id, and that id is what makes two links to one post one post in Byline.
 */
import { recognizePostUrl, type RecognizedPostUrl } from '../../../../../../domain/url-recognition.js';

export interface PostIdentity {
  externalId: string;
  url: string;
}

export function isIndirectLink(recognized: RecognizedPostUrl): boolean {
  return recognized.kind === 'short_link' || recognized.kind === 'share' || new URL(recognized.normalizedUrl).hostname === 'fb.watch';
}

/** For indirect links, the first candidate URL that is a direct link to a post of the same network. */
export function canonicalIdentity(recognized: RecognizedPostUrl, candidates: ReadonlyArray<string | null | undefined>): PostIdentity {
  if (isIndirectLink(recognized)) {
    for (const candidate of candidates) {
      const direct = candidate ? recognizePostUrl(candidate) : null;
      if (direct?.ok && direct.value.networkId === recognized.networkId && !isIndirectLink(direct.value)) {
        return { externalId: direct.value.externalId, url: direct.value.normalizedUrl };
      }
    }
  }
  return { externalId: recognized.externalId, url: recognized.normalizedUrl };
}
