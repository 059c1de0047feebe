import { describe, expect, it } from 'vitest';
import { UPLOAD_SIZES_BYTES } from './constants.js';
import { VISUAL_MATCH_MAX_BYTES, VISUAL_MATCH_MESSAGES, VISUAL_MATCH_UPLOAD_TIMEOUT_MS, canUseImageSearch, isVisualMatchContentType } from './visual-match.js';

describe('Visual Match rules', () => {
  it('is open to paid access and to those who see pro pages, no one else', () => {
    expect(canUseImageSearch({ hasPaidAccess: true, seeProPages: false })).toBe(true);
    expect(canUseImageSearch({ hasPaidAccess: false, seeProPages: true })).toBe(true);
    expect(canUseImageSearch({ hasPaidAccess: false, seeProPages: false })).toBe(false);
  });

  it('takes 20 MB of the spec’s upload sizes and its 60 s timeout, and says so in its messages', () => {
    expect(VISUAL_MATCH_MAX_BYTES).toBe(UPLOAD_SIZES_BYTES.twentyMb);
    expect(VISUAL_MATCH_UPLOAD_TIMEOUT_MS).toBe(60_000);
    expect(VISUAL_MATCH_MESSAGES.tooLarge).toContain('20 MB');
    expect(VISUAL_MATCH_MESSAGES.upgrade).toBe('Upgrade to PRO to search for social media posts by image content.');
  });

  it('accepts the picture formats every browser shows', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(isVisualMatchContentType(type)).toBe(true);
    for (const type of ['image/svg+xml', 'image/heic', 'text/plain', '']) expect(isVisualMatchContentType(type)).toBe(false);
  });
});
