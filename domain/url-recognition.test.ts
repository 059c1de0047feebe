import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NetworkId } from './networks.js';
import { isUrlLike, recognizePostUrl, recognizeProfileUrl, requirePostUrl, UrlRecognitionFailure, type RecognizedPostUrl } from './url-recognition.js';

const YT = 'dQw4w9WgXcQ';
const TWEET = '1790000000000000000';
const IG = 'C1a2B3c4D5e';
const TT = '7234567890123456789';
const LI = '7123456789012345678';

type Expected = Omit<RecognizedPostUrl, 'normalizedUrl'> & { normalizedUrl?: string };

const RECOGNIZED: ReadonlyArray<readonly [string, Expected]> = [
  // YouTube: the watch url, plus youtu.be and /shorts/ as share forms of the same video.
  [`https://www.youtube.com/watch?v=${YT}`, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT, normalizedUrl: `https://www.youtube.com/watch?v=${YT}` }],
  [`https://m.youtube.com/watch?v=${YT}&t=42s`, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT }],
  [`http://youtube.com/watch?feature=share&v=${YT}#comments`, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT }],
  [`https://youtu.be/${YT}?si=abc123`, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT, normalizedUrl: `https://www.youtube.com/watch?v=${YT}` }],
  [`https://www.youtube.com/shorts/${YT}`, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT }],
  // Twitter / X.
  [`https://twitter.com/byline/status/${TWEET}`, { networkId: NetworkId.Twitter, kind: 'status', externalId: TWEET, normalizedUrl: `https://x.com/byline/status/${TWEET}` }],
  [`https://x.com/byline/status/${TWEET}/photo/1`, { networkId: NetworkId.Twitter, kind: 'status', externalId: TWEET }],
  [`https://mobile.twitter.com/byline/status/${TWEET}?s=20`, { networkId: NetworkId.Twitter, kind: 'status', externalId: TWEET }],
  [`https://x.com/i/web/status/${TWEET}`, { networkId: NetworkId.Twitter, kind: 'status', externalId: TWEET, normalizedUrl: `https://x.com/i/status/${TWEET}` }],
  ['https://x.com/byline/status/1234567890', { networkId: NetworkId.Twitter, kind: 'status', externalId: '1234567890' }],
  // Instagram.
  [`https://www.instagram.com/p/${IG}/`, { networkId: NetworkId.Instagram, kind: 'post', externalId: IG, normalizedUrl: `https://www.instagram.com/p/${IG}/` }],
  [`https://instagram.com/reel/${IG}?igsh=xyz`, { networkId: NetworkId.Instagram, kind: 'reel', externalId: IG, normalizedUrl: `https://www.instagram.com/reel/${IG}/` }],
  [`https://www.instagram.com/reels/${IG}/`, { networkId: NetworkId.Instagram, kind: 'reel', externalId: IG }],
  [`https://www.instagram.com/tv/${IG}`, { networkId: NetworkId.Instagram, kind: 'tv', externalId: IG }],
  [`https://www.instagram.com/byline.studio/p/${IG}/`, { networkId: NetworkId.Instagram, kind: 'post', externalId: IG }],
  ['https://www.instagram.com/share/BAabcdefgh12/', { networkId: NetworkId.Instagram, kind: 'share', externalId: 'BAabcdefgh12', normalizedUrl: 'https://www.instagram.com/share/BAabcdefgh12/' }],
  ['https://www.instagram.com/share/reel/BAabcdefgh12/', { networkId: NetworkId.Instagram, kind: 'share', externalId: 'BAabcdefgh12', normalizedUrl: 'https://www.instagram.com/share/reel/BAabcdefgh12/' }],
  ['https://www.instagram.com/p/ABCDEFGHIJ/', { networkId: NetworkId.Instagram, kind: 'post', externalId: 'ABCDEFGHIJ' }],
  // TikTok.
  [`https://www.tiktok.com/@byline/video/${TT}?is_from_webapp=1`, { networkId: NetworkId.TikTok, kind: 'video', externalId: TT, normalizedUrl: `https://www.tiktok.com/@byline/video/${TT}` }],
  [`https://www.tiktok.com/@by.line_/photo/${TT}`, { networkId: NetworkId.TikTok, kind: 'photo', externalId: TT }],
  ['https://vm.tiktok.com/ZMabcdefg/', { networkId: NetworkId.TikTok, kind: 'short_link', externalId: 'ZMabcdefg', normalizedUrl: 'https://vm.tiktok.com/ZMabcdefg/' }],
  ['https://vt.tiktok.com/ZSabcdefg', { networkId: NetworkId.TikTok, kind: 'short_link', externalId: 'ZSabcdefg' }],
  ['https://www.tiktok.com/t/ZTabcdefg/', { networkId: NetworkId.TikTok, kind: 'short_link', externalId: 'ZTabcdefg', normalizedUrl: 'https://www.tiktok.com/t/ZTabcdefg/' }],
  ['https://www.tiktok.com/@byline/video/123456789', { networkId: NetworkId.TikTok, kind: 'video', externalId: '123456789' }],
  // LinkedIn: a /posts/ slug and its activity urn resolve to the same id.
  [`https://www.linkedin.com/posts/byline_launch-day-activity-${LI}-AbCd?utm_source=share`, { networkId: NetworkId.LinkedIn, kind: 'post', externalId: LI, normalizedUrl: `https://www.linkedin.com/posts/byline_launch-day-activity-${LI}-AbCd/` }],
  [`https://www.linkedin.com/feed/update/urn:li:activity:${LI}/`, { networkId: NetworkId.LinkedIn, kind: 'activity', externalId: LI, normalizedUrl: `https://www.linkedin.com/feed/update/urn:li:activity:${LI}/` }],
  [`https://linkedin.com/feed/update/urn%3Ali%3Aactivity%3A${LI}`, { networkId: NetworkId.LinkedIn, kind: 'activity', externalId: LI }],
  // Twitch: videos and clips.
  ['https://www.twitch.tv/videos/1234567890', { networkId: NetworkId.Twitch, kind: 'video', externalId: '1234567890', normalizedUrl: 'https://www.twitch.tv/videos/1234567890' }],
  ['https://clips.twitch.tv/FunnyClipSlug-abc123', { networkId: NetworkId.Twitch, kind: 'clip', externalId: 'FunnyClipSlug-abc123', normalizedUrl: 'https://clips.twitch.tv/FunnyClipSlug-abc123' }],
  ['https://www.twitch.tv/byline/clip/FunnyClipSlug-abc123?filter=clips', { networkId: NetworkId.Twitch, kind: 'clip', externalId: 'FunnyClipSlug-abc123' }],
  ['https://m.twitch.tv/clip/FunnyClipSlug-abc123', { networkId: NetworkId.Twitch, kind: 'clip', externalId: 'FunnyClipSlug-abc123' }],
  // Facebook: every post, video, reel and watch shape is kind 'post'; video shapes share the video id.
  ['https://www.facebook.com/watch/?v=1234567890', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1234567890', normalizedUrl: 'https://www.facebook.com/watch/?v=1234567890' }],
  ['https://www.facebook.com/bylinehq/videos/1234567890/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1234567890', normalizedUrl: 'https://www.facebook.com/watch/?v=1234567890' }],
  ['https://www.facebook.com/bylinehq/videos/launch-day/1234567890/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1234567890' }],
  ['https://www.facebook.com/reel/1234567890', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1234567890' }],
  ['https://m.facebook.com/story.php?story_fbid=pfbid02abc&id=100', { networkId: NetworkId.Facebook, kind: 'post', externalId: 'pfbid02abc', normalizedUrl: 'https://www.facebook.com/permalink.php?story_fbid=pfbid02abc&id=100' }],
  ['https://www.facebook.com/bylinehq/posts/pfbid02abcDEF', { networkId: NetworkId.Facebook, kind: 'post', externalId: 'pfbid02abcDEF' }],
  ['https://fb.watch/abcDEF123/', { networkId: NetworkId.Facebook, kind: 'post', externalId: 'abcDEF123', normalizedUrl: 'https://fb.watch/abcDEF123/' }],
  ['https://www.facebook.com/share/p/1AbCdEf/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1AbCdEf', normalizedUrl: 'https://www.facebook.com/share/p/1AbCdEf/' }],
  ['https://www.facebook.com/share/v/1AbCdEf/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '1AbCdEf' }],
  ['https://www.facebook.com/groups/123/posts/456/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '456' }],
  ['https://www.facebook.com/photo/?fbid=789&set=a.1', { networkId: NetworkId.Facebook, kind: 'post', externalId: '789', normalizedUrl: 'https://www.facebook.com/photo/?fbid=789' }],
  ['https://www.facebook.com/bylinehq/photos/a.123/456/', { networkId: NetworkId.Facebook, kind: 'post', externalId: '456' }],
  // Pasted without a scheme: read as https; surrounding spaces ignored.
  [`www.tiktok.com/@byline/video/${TT}`, { networkId: NetworkId.TikTok, kind: 'video', externalId: TT }],
  [`  https://youtu.be/${YT}  `, { networkId: NetworkId.YouTube, kind: 'video', externalId: YT }],
];

const INVALID_URL = { reason: 'invalid_url', message: 'Invalid url' } as const;
const NOT_SUPPORTED = { reason: 'platform_not_supported', message: 'Platform not supported' } as const;

const REJECTED: ReadonlyArray<readonly [string, typeof INVALID_URL | typeof NOT_SUPPORTED]> = [
  ['', INVALID_URL],
  ['not a url', INVALID_URL],
  [`ftp://www.youtube.com/watch?v=${YT}`, INVALID_URL],
  ['javascript:alert(1)', INVALID_URL],
  [`mailto:someone@youtube.com`, INVALID_URL],
  ['https://', INVALID_URL],
  // Known networks, paths that are not posts.
  ['https://www.youtube.com/@byline', INVALID_URL],
  ['https://www.youtube.com/watch?v=short', INVALID_URL],
  ['https://x.com/byline', INVALID_URL],
  ['https://x.com/byline/status/123456789', INVALID_URL],
  ['https://www.instagram.com/byline/', INVALID_URL],
  ['https://www.instagram.com/p/ABCDEFGHI/', INVALID_URL],
  ['https://www.tiktok.com/@byline', INVALID_URL],
  ['https://vm.tiktok.com/ZMabcdef/', INVALID_URL],
  ['https://www.tiktok.com/@byline/video/12345678', INVALID_URL],
  ['https://www.linkedin.com/in/byline', INVALID_URL],
  ['https://www.twitch.tv/byline', INVALID_URL],
  ['https://www.facebook.com/bylinehq', INVALID_URL],
  // Unknown networks, and known networks whose posts the spec does not list.
  ['https://example.com/post/1', NOT_SUPPORTED],
  ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', NOT_SUPPORTED],
  ['https://music.youtube.com/watch?v=dQw4w9WgXcQ', NOT_SUPPORTED],
  ['https://www.behance.net/gallery/123/launch', NOT_SUPPORTED],
  ['https://www.threads.net/@byline/post/C1a2B3c4D5e', NOT_SUPPORTED],
  ['https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYdHh', NOT_SUPPORTED],
];

describe('recognizePostUrl', () => {
  it.each(RECOGNIZED)('recognises %s', (input, expected) => {
    const result = recognizePostUrl(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject(expected);
  });

  it.each(REJECTED)('rejects %s', (input, expectedError) => {
    expect(recognizePostUrl(input)).toEqual({ ok: false, error: expectedError });
  });

  it('normalised urls recognise to themselves', () => {
    for (const [input] of RECOGNIZED) {
      const first = requirePostUrl(input);
      expect(requirePostUrl(first.normalizedUrl)).toEqual(first);
    }
  });

  it('requirePostUrl throws a typed failure', () => {
    expect(() => requirePostUrl('https://example.com/x')).toThrow(UrlRecognitionFailure);
    try {
      requirePostUrl('ftp://x.com/a/status/1234567890');
    } catch (error) {
      expect(error).toBeInstanceOf(UrlRecognitionFailure);
      expect((error as UrlRecognitionFailure).reason).toBe('invalid_url');
      expect((error as UrlRecognitionFailure).message).toBe('Invalid url');
    }
  });
});

/** Everything that must not change the recognised post: scheme, edition prefix, trailing slash, query, fragment. */
const decoration = fc.record({
  scheme: fc.constantFrom('http', 'https', 'HTTPS'),
  edition: fc.constantFrom('', 'www.', 'm.', 'mobile.', 'WWW.'),
  trailingSlash: fc.boolean(),
  query: fc.array(fc.tuple(fc.constantFrom('utm_source', 'si', 't', 'ref', 's', 'igsh', 'is_from_webapp'), fc.stringMatching(/^[A-Za-z0-9]{0,8}$/)), { maxLength: 3 }),
  fragment: fc.option(fc.stringMatching(/^[A-Za-z0-9=]{0,8}$/), { nil: undefined }),
});
type Decoration = typeof decoration extends fc.Arbitrary<infer D> ? D : never;

/** A generated post link: where it lives and the id it must be recognised as. */
interface PostLinkSample {
  readonly id: string;
  readonly host: string;
  readonly path: string;
  /** For networks that carry the id in the query (youtube.com/watch?v=…). */
  readonly idQuery?: readonly string[];
}

function decorate(d: Decoration, { host, path, idQuery = [] }: PostLinkSample): string {
  const query = [...idQuery, ...d.query.map(([key, value]) => `${key}=${value}`)];
  const slash = d.trailingSlash && !path.endsWith('/') ? '/' : '';
  const queryText = query.length > 0 ? `?${query.join('&')}` : '';
  const fragmentText = d.fragment === undefined ? '' : `#${d.fragment}`;
  return `${d.scheme}://${d.edition}${host}${path}${slash}${queryText}${fragmentText}`;
}

const chars = (charset: string, min: number, max: number) => fc.stringMatching(new RegExp(`^[${charset}]{${min},${max}}$`));
const token = (min: number, max = 30) => chars('A-Za-z0-9_-', min, max);
const digits = (min: number, max = 20) => chars('0-9', min, max);
const twitterUser = chars('A-Za-z0-9_', 1, 15).filter((u) => u !== 'i');
const facebookPage = chars('A-Za-z0-9.', 3, 20).filter((p) => !['watch', 'groups', 'reel', 'share', 'photo', 'photo.php', 'permalink.php', 'story.php'].includes(p));

const GENERATED_LINKS: ReadonlyArray<readonly [string, NetworkId, fc.Arbitrary<PostLinkSample>]> = [
  ['YouTube watch', NetworkId.YouTube, token(11, 11).map((id) => ({ id, host: 'youtube.com', path: '/watch', idQuery: [`v=${id}`] }))],
  ['YouTube shorts', NetworkId.YouTube, token(11, 11).map((id) => ({ id, host: 'youtube.com', path: `/shorts/${id}` }))],
  ['youtu.be', NetworkId.YouTube, token(11, 11).map((id) => ({ id, host: 'youtu.be', path: `/${id}` }))],
  ['X status', NetworkId.Twitter, fc.tuple(twitterUser, digits(10), fc.constantFrom('twitter.com', 'x.com')).map(([user, id, host]) => ({ id, host, path: `/${user}/status/${id}` }))],
  ['Instagram code', NetworkId.Instagram, fc.tuple(token(10), fc.constantFrom('p', 'reel', 'reels', 'tv', 'share')).map(([id, kind]) => ({ id, host: 'instagram.com', path: `/${kind}/${id}` }))],
  ['TikTok video or photo', NetworkId.TikTok, fc.tuple(chars('A-Za-z0-9_.', 1, 20), digits(9), fc.constantFrom('video', 'photo')).map(([user, id, kind]) => ({ id, host: 'tiktok.com', path: `/@${user}/${kind}/${id}` }))],
  ['TikTok t link', NetworkId.TikTok, token(9).map((id) => ({ id, host: 'tiktok.com', path: `/t/${id}` }))],
  ['LinkedIn activity', NetworkId.LinkedIn, digits(10).map((id) => ({ id, host: 'linkedin.com', path: `/feed/update/urn:li:activity:${id}` }))],
  ['LinkedIn post', NetworkId.LinkedIn, fc.tuple(token(1, 20), digits(10)).map(([slug, id]) => ({ id, host: 'linkedin.com', path: `/posts/${slug}-activity-${id}-AbCd` }))],
  ['Twitch video', NetworkId.Twitch, digits(1).map((id) => ({ id, host: 'twitch.tv', path: `/videos/${id}` }))],
  ['Twitch clip', NetworkId.Twitch, fc.tuple(chars('a-z0-9_', 1, 20), token(1)).map(([channel, id]) => ({ id, host: 'twitch.tv', path: `/${channel}/clip/${id}` }))],
  ['Facebook post', NetworkId.Facebook, fc.tuple(facebookPage, token(1)).map(([page, id]) => ({ id, host: 'facebook.com', path: `/${page}/posts/${id}` }))],
  ['Facebook video', NetworkId.Facebook, fc.tuple(facebookPage, digits(1)).map(([page, id]) => ({ id, host: 'facebook.com', path: `/${page}/videos/${id}` }))],
  ['Facebook watch', NetworkId.Facebook, digits(1).map((id) => ({ id, host: 'facebook.com', path: '/watch', idQuery: [`v=${id}`] }))],
];

describe('recognizePostUrl properties', () => {
  it.each(GENERATED_LINKS)('any generated %s link, however decorated, round-trips to its id', (_name, networkId, samples) => {
    fc.assert(
      fc.property(samples, decoration, (sample, d) => {
        const link = decorate(d, sample);
        const result = recognizePostUrl(link);
        expect(result, link).toMatchObject({ ok: true, value: { networkId, externalId: sample.id } });
        if (result.ok) expect(requirePostUrl(result.value.normalizedUrl)).toEqual(result.value);
      }),
      { numRuns: 60 },
    );
  });

  it('any scheme other than http and https is rejected as an invalid url', () => {
    const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => s !== 'http' && s !== 'https');
    fc.assert(
      fc.property(scheme, fc.constantFrom('://', ':', ':/'), (s, separator) => {
        expect(recognizePostUrl(`${s}${separator}www.youtube.com/watch?v=${YT}`)).toEqual({ ok: false, error: INVALID_URL });
      }),
    );
  });

  it('never throws, whatever the input', () => {
    const host = fc.constantFrom('youtube.com', 'youtu.be', 'x.com', 'instagram.com', 'tiktok.com', 'vm.tiktok.com', 'linkedin.com', 'twitch.tv', 'clips.twitch.tv', 'facebook.com', 'fb.watch');
    const segment = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('p', 'reel', 'share', 'status', 'videos', 'clip', 'watch', 'posts', 'feed', 'update', '@a', 't', '%E0%A4%A', 'photos'));
    const crafted = fc.tuple(host, fc.array(segment, { maxLength: 6 }), fc.string({ maxLength: 20 })).map(([h, segments, query]) => `https://${h}/${segments.join('/')}?${query}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl(), crafted), (input) => {
        const result = recognizePostUrl(input);
        expect(typeof result.ok).toBe('boolean');
        recognizeProfileUrl(input);
        isUrlLike(input);
      }),
      { numRuns: 150 },
    );
    // 150 runs take well under a second alone; a fully loaded two-core machine made them 7 s.
  }, 30_000);
});

describe('isUrlLike', () => {
  it.each([
    ['https://www.tiktok.com/@byline', true],
    ['http://example.com', true],
    ['ftp://files.example.com/a', true],
    ['www.instagram.com', true],
    ['instagram.com/p/C1a2B3c4D5e', true],
    ['  x.com/byline/status/1  ', true],
    ['john.doe', false],
    ['byline', false],
    ['#launch', false],
    ['@byline', false],
    ['director in london', false],
    ['', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (text, expected) => {
    expect(isUrlLike(text)).toBe(expected);
  });
});

describe('recognizeProfileUrl', () => {
  it.each([
    ['https://x.com/byline', NetworkId.Twitter, 'byline'],
    ['https://twitter.com/byline/', NetworkId.Twitter, 'byline'],
    ['https://www.instagram.com/byline.studio/?hl=en', NetworkId.Instagram, 'byline.studio'],
    ['https://www.facebook.com/bylinehq', NetworkId.Facebook, 'bylinehq'],
    ['https://www.facebook.com/profile.php?id=100012345', NetworkId.Facebook, '100012345'],
    ['https://www.youtube.com/@byline', NetworkId.YouTube, 'byline'],
    ['https://www.youtube.com/@byline/videos', NetworkId.YouTube, 'byline'],
    ['https://www.youtube.com/c/Byline', NetworkId.YouTube, 'Byline'],
    ['https://www.tiktok.com/@byline', NetworkId.TikTok, 'byline'],
    ['https://www.behance.net/byline', NetworkId.Behance, 'byline'],
    ['https://www.linkedin.com/in/byline-hq/', NetworkId.LinkedIn, 'byline-hq'],
    ['https://www.linkedin.com/company/byline', NetworkId.LinkedIn, 'byline'],
    ['https://www.twitch.tv/byline', NetworkId.Twitch, 'byline'],
    ['https://www.threads.net/@byline', NetworkId.Threads, 'byline'],
    ['https://www.snapchat.com/add/byline', NetworkId.Snapchat, 'byline'],
    ['https://www.snapchat.com/@byline', NetworkId.Snapchat, 'byline'],
  ])('%s is a %s profile of %s', (url, networkId, handle) => {
    expect(recognizeProfileUrl(url)).toEqual({ networkId, handle });
  });

  it.each([
    `https://www.instagram.com/p/${IG}/`,
    `https://www.tiktok.com/@byline/video/${TT}`,
    `https://x.com/byline/status/${TWEET}`,
    'https://x.com/explore',
    'https://www.instagram.com/explore/',
    'https://www.twitch.tv/videos/1234567890',
    'https://www.threads.net/@byline/post/C1a2B3c4D5e',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://example.com/byline',
    'ftp://x.com/byline',
    'byline',
  ])('%s is not a profile', (url) => {
    expect(recognizeProfileUrl(url)).toBeNull();
  });
});
