/**
 * Visual Match AI (image search, PRO): who may use it, the upload's limits and its messages.
 * Shared by the server's policy and route and by the client's page, so they cannot drift apart.
 */
import { UPLOAD_SIZES_BYTES, UPLOAD_TIMEOUT_MS } from './constants.js';
import * as MESSAGES from './messages.js';

/**
 * Image search is PRO (docs/product.md §Paid access): paid access (pro, free pro, team pro, or a
 * paid team), and the people who may open pro pages (admins among them, to help users), since
 * /visualmatch is one.
 */
export function canUseImageSearch(permissions: { readonly hasPaidAccess: boolean; readonly seeProPages: boolean }): boolean {
  return permissions.hasPaidAccess || permissions.seeProPages;
}

/** What a signed-out visitor (or one whose permissions have not loaded) has: no image search. */
export const NO_IMAGE_SEARCH = { hasPaidAccess: false, seeProPages: false } as const;

/**
 * 20 MB (docs/product.md §Constants): people search with what they have — a full-resolution camera
 * JPEG (10–20 MB from current phones and cameras) or a PNG screenshot of a high-density screen
 * (often 5–15 MB) — and 5 MB would refuse many of those; 50 MB is a size for video. The picture
 * is only decoded and hashed, never stored, so 20 MB costs one request's memory for a moment.
 * The product's 60 s upload timeout applies as written.
 */
export const VISUAL_MATCH_MAX_BYTES = UPLOAD_SIZES_BYTES.twentyMb;
export const VISUAL_MATCH_UPLOAD_TIMEOUT_MS = UPLOAD_TIMEOUT_MS;
export const VISUAL_MATCH_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export function isVisualMatchContentType(value: string): boolean {
  return (VISUAL_MATCH_CONTENT_TYPES as readonly string[]).includes(value);
}

/** Matches shown for one search, closest first. */
export const VISUAL_MATCH_RESULT_LIMIT = 48;

export const VISUAL_MATCH_MESSAGES = {
  upgrade: MESSAGES.imageSearchUpgrade,
  type: 'The picture must be a JPEG, PNG, WebP or GIF image.',
  tooLarge: 'The picture must be 20 MB or smaller.',
  unreadable: 'That file could not be read as an image.',
  timeout: 'The upload took longer than 60 seconds. Please try again.',
  noPicture: 'That post has no picture to match yet.',
  postNotFound: 'Post not found',
  /** Said plainly on the page: no model with bundled weights could run here (see docs/visual-match.md). */
  wordSearchUnavailable: 'Searching pictures by words is not available yet. Upload a picture or paste a post link to find posts that look like it.',
} as const;
