import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseImportWarning, IMPORT_NOTICE_TEXT, IMPORT_WARNING_TEXT, type ImportWarningKind } from './import-warnings.js';

const PRIVATE_IG_CODE = 'C1a2B3c4D5eF6g7H8i9J0k'; // 22 characters: longer than 20
const PUBLIC_IG_CODE = 'C1a2B3c4D5e';

describe('chooseImportWarning (in order)', () => {
  it.each<[string, string | undefined, ImportWarningKind]>([
    ['https://www.facebook.com/bylinehq/posts/123', 'Failed to scrape post', 'facebookLimited'],
    ['https://fb.watch/abcDEF123/', undefined, 'facebookLimited'],
    ['https://m.facebook.com/watch/?v=1', 'Platform not supported', 'facebookLimited'],
    ['https://www.threads.net/@byline/post/C1a2B3c4D5e', 'Platform not supported', 'threadsBulkImport'],
    ['https://www.behance.net/gallery/1/x', 'Platform not supported', 'platformNotSupported'],
    ['https://example.com/a', 'Platform not supported', 'platformNotSupported'],
    ['https://www.twitch.tv/byline', 'Invalid url', 'twitchVideosClipsOnly'],
    ['https://clips.twitch.tv/Slug', 'Failed to scrape post', 'twitchVideosClipsOnly'],
    [`https://www.instagram.com/p/${PRIVATE_IG_CODE}/`, 'Failed to scrape post', 'instagramPrivate'],
    [`https://www.instagram.com/p/${PRIVATE_IG_CODE}/`, 'Post was deleted', 'instagramPrivate'],
    [`https://www.instagram.com/p/${PUBLIC_IG_CODE}/`, 'Post was deleted', 'deleted'],
    ['https://www.tiktok.com/@a/video/7234567890123456789', 'This post has been deleted by its owner', 'deleted'],
    [`https://www.instagram.com/p/${PUBLIC_IG_CODE}/`, 'Failed to scrape post', 'queued'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', undefined, 'queued'],
    ['not a url at all', null as unknown as undefined, 'queued'],
  ])('%s with message %j → %s', (url, message, kind) => {
    expect(chooseImportWarning({ url, message }).kind).toBe(kind);
  });

  it('instagram ids of exactly 20 characters are not private', () => {
    expect(chooseImportWarning({ url: `https://www.instagram.com/p/${'a'.repeat(20)}/` }).kind).toBe('queued');
    expect(chooseImportWarning({ url: `https://www.instagram.com/p/${'a'.repeat(21)}/` }).kind).toBe('instagramPrivate');
  });

  it('finds keywords in the message but not in a url the message quotes', () => {
    const url = 'https://www.tiktok.com/@deleted.Platform.slideshow/video/7234567890123456789';
    const warning = chooseImportWarning({ url, message: `Failed to scrape post with url ${url}` });
    expect(warning.kind).toBe('queued');
    expect(warning.notices).toEqual([]);
  });

  it('adds the X notice to queued Twitter and X links', () => {
    for (const url of ['https://twitter.com/a/status/1790000000000000000', 'https://x.com/a/status/1790000000000000000']) {
      const warning = chooseImportWarning({ url, message: 'Failed to scrape post' });
      expect(warning.kind).toBe('queued');
      expect(warning.notices).toEqual([{ kind: 'xImportIssues', text: IMPORT_NOTICE_TEXT.xImportIssues }]);
    }
  });

  it('adds the TikTok slideshow notice when the message mentions a slideshow', () => {
    const warning = chooseImportWarning({ url: 'https://www.tiktok.com/@a/photo/7234567890123456789', message: 'Imported slideshow without stats' });
    expect(warning).toMatchObject({ kind: 'queued', severity: 'info', notices: [{ kind: 'tiktokSlideshow' }] });
  });

  it('only queued warnings carry notices, and the text comes from the table', () => {
    const warning = chooseImportWarning({ url: 'https://x.com/a', message: 'Platform not supported slideshow' });
    expect(warning).toEqual({ kind: 'platformNotSupported', ...IMPORT_WARNING_TEXT.platformNotSupported, notices: [] });
    expect(warning.title).toBe('Platform not supported');
    expect(warning.severity).toBe('warning');
  });

  it('always gives a warning with words, whatever the input', () => {
    const host = fc.constantFrom('facebook.com', 'threads.net', 'twitch.tv', 'instagram.com', 'x.com', 'tiktok.com', 'example.com');
    const link = fc.tuple(fc.constantFrom('http', 'https', 'ftp'), host, fc.string({ maxLength: 30 })).map(([scheme, h, path]) => `${scheme}://${h}/${path}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), link), fc.option(fc.string(), { nil: undefined }), (url, message) => {
        const warning = chooseImportWarning({ url, message });
        expect(warning.title.length).toBeGreaterThan(0);
        expect(warning.body.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});
