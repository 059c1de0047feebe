/**
 * The fixture YouTube, TikTok and X: their oEmbed endpoints and the second sources the
 * adapters read beside them (YouTube's watch page, TikTok's video page with its embedded
 * app data, X's syndication JSON), shaped like the real answers, trimmed to what matters.
 */
import { NetworkId } from '../../../../domain/networks.js';
import { recognizePostUrl, type RecognizedPostUrl } from '../../../../domain/url-recognition.js';
import { brokenJson, brokenPage, escapeHtml, htmlPage, json, noticePage, redirect, text, type FixtureResponse, type FixtureRouter } from './fixture-http.js';
import { hashOf, longDate, type FixturePost } from './fixture-posts.js';
import type { PostScenario } from './scenarios.js';

export function recognized(url: string | null, networkId: NetworkId): RecognizedPostUrl | null {
  const result = url === null ? null : recognizePostUrl(url);
  return result?.ok && result.value.networkId === networkId ? result.value : null;
}

// --- YouTube -------------------------------------------------------------------------

function youtubeOEmbed(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenJson();
  if (scenario === 'private') return text(401, 'Unauthorized');
  if (scenario !== 'ok') return text(404, 'Not Found');
  return json(200, {
    title: post.caption,
    author_name: post.displayName,
    author_url: `https://www.youtube.com/@${post.handle}`,
    type: 'video',
    height: 113,
    width: 200,
    version: '1.0',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    thumbnail_height: 360,
    thumbnail_width: 480,
    thumbnail_url: `https://i.ytimg.com/vi/${post.id}/hqdefault.jpg`,
    html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${post.id}?feature=oembed" frameborder="0" allowfullscreen title="${escapeHtml(post.caption)}"></iframe>`,
  });
}

function watchPage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenPage();
  if (scenario === 'private') return noticePage('YouTube', "Private video. Sign in if you've been granted access to this video");
  if (scenario === 'deleted') return noticePage('YouTube', 'Video unavailable. This video has been removed by the uploader');
  if (scenario === 'missing') return noticePage('YouTube', 'Video unavailable');
  return htmlPage({
    title: `${post.caption} - YouTube`,
    metas: [
      ['og:site_name', 'YouTube'],
      ['og:url', `https://www.youtube.com/watch?v=${post.id}`],
      ['og:title', post.caption],
      ['og:image', `https://i.ytimg.com/vi/${post.id}/maxresdefault.jpg`],
      ['og:type', 'video.other'],
      ['og:video:url', `https://www.youtube.com/embed/${post.id}`],
      ['itemprop:name', post.caption],
      ['itemprop:interactionCount', String(post.stats.views)],
      ['itemprop:datePublished', post.postedAt],
      ['itemprop:uploadDate', post.postedAt],
    ],
  });
}

export const youtubeRouter: FixtureRouter = ({ host, url }) => {
  if (!['www.youtube.com', 'youtube.com', 'm.youtube.com'].includes(host)) return null;
  if (url.pathname === '/oembed') {
    const post = recognized(url.searchParams.get('url'), NetworkId.YouTube);
    return post === null ? text(400, 'Bad Request') : { network: 'youtube', postId: post.externalId, render: youtubeOEmbed };
  }
  const id = url.pathname === '/watch' ? url.searchParams.get('v') : null;
  return id === null ? null : { network: 'youtube', postId: id, render: watchPage };
};

// --- TikTok --------------------------------------------------------------------------

/** TikTok answers one vague error for every video its oEmbed cannot show. */
const TIKTOK_OEMBED_ERROR = { code: 400, message: 'Something went wrong', data: {} };

function tiktokOEmbed(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenJson();
  if (scenario !== 'ok') return json(400, TIKTOK_OEMBED_ERROR);
  const kind = post.media === 'image' ? 'photo' : 'video';
  return json(200, {
    version: '1.0',
    type: 'video',
    title: post.caption,
    author_url: `https://www.tiktok.com/@${post.handle}`,
    author_name: post.displayName,
    width: '100%',
    height: '100%',
    html: `<blockquote class="tiktok-embed" cite="https://www.tiktok.com/@${post.handle}/${kind}/${post.id}" data-video-id="${post.id}"><section></section></blockquote>`,
    thumbnail_width: 576,
    thumbnail_height: 1024,
    thumbnail_url: `https://p16-sign.tiktokcdn-us.com/obj/tos-useast5-p-0068-tx/cover-${post.id}.jpeg`,
    provider_url: 'https://www.tiktok.com',
    provider_name: 'TikTok',
    author_unique_id: post.handle,
    embed_product_id: post.id,
    embed_type: 'video',
  });
}

/** What the video page's embedded app data says when the video is not shown (codes are the fixture's own). */
const TIKTOK_PAGE_STATUS: Readonly<Record<Exclude<PostScenario, 'ok' | 'broken'>, { statusCode: number; statusMsg: string }>> = {
  deleted: { statusCode: 10231, statusMsg: 'item was removed' },
  private: { statusCode: 10222, statusMsg: 'item is private' },
  missing: { statusCode: 10204, statusMsg: 'item not found' },
};

function tiktokVideoPage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenPage();
  const detail =
    scenario === 'ok'
      ? {
          statusCode: 0,
          statusMsg: '',
          itemInfo: {
            itemStruct: {
              id: post.id,
              desc: post.caption,
              createTime: String(Math.floor(Date.parse(post.postedAt) / 1000)),
              author: { uniqueId: post.handle, nickname: post.displayName, avatarThumb: `https://p16-sign.tiktokcdn-us.com/avatar/${post.handle}.jpeg` },
              stats: { diggCount: post.stats.likes, shareCount: post.stats.shares, commentCount: post.stats.comments, playCount: post.stats.views },
              ...(post.media === 'image' ? { imagePost: { images: [{ imageURL: { urlList: [] } }] } } : {}),
            },
          },
        }
      : TIKTOK_PAGE_STATUS[scenario];
  return htmlPage({
    title: scenario === 'ok' ? `${post.caption} | TikTok` : 'TikTok - Make Your Day',
    scripts: { __UNIVERSAL_DATA_FOR_REHYDRATION__: { __DEFAULT_SCOPE__: { 'webapp.video-detail': detail } } },
  });
}

/** Short codes (vm.tiktok.com/{code}) and the videos they point at; other codes point at a made-up video. */
const TIKTOK_SHORT_LINKS: Readonly<Record<string, string>> = { ZMabc1234: '7301234567890123456' };

function shortLinkTarget(code: string): FixtureResponse {
  if (code.toLowerCase().startsWith('missing')) return redirect(301, 'https://www.tiktok.com/');
  const videoId = TIKTOK_SHORT_LINKS[code] ?? `73${String(hashOf(code)).padStart(17, '0')}`;
  const handle = TIKTOK_SHORT_LINKS[code] === undefined ? 'fixture_creator' : 'maya.makes';
  return redirect(301, `https://www.tiktok.com/@${handle}/video/${videoId}?_r=1&_t=fixture`);
}

export const tiktokRouter: FixtureRouter = ({ host, url }) => {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'vm.tiktok.com' || host === 'vt.tiktok.com') return segments[0] ? shortLinkTarget(segments[0]) : null;
  if (host !== 'www.tiktok.com' && host !== 'tiktok.com' && host !== 'm.tiktok.com') return null;
  if (segments[0] === 't' && segments[1]) return shortLinkTarget(segments[1]);
  if (url.pathname === '/') return htmlPage({ title: 'TikTok - Make Your Day', metas: [['og:title', 'TikTok - Make Your Day']] });
  if (url.pathname === '/oembed') {
    const post = recognized(url.searchParams.get('url'), NetworkId.TikTok);
    if (post === null || post.kind === 'short_link') return json(400, TIKTOK_OEMBED_ERROR);
    return { network: 'tiktok', postId: post.externalId, render: tiktokOEmbed };
  }
  const post = recognized(url.href, NetworkId.TikTok);
  return post === null ? null : { network: 'tiktok', postId: post.externalId, render: tiktokVideoPage };
};

// --- X / Twitter ---------------------------------------------------------------------

function twitterOEmbed(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenJson();
  if (scenario === 'private') return json(403, { errors: [{ message: 'Sorry, you are not authorized to see this status.', code: 179 }] });
  if (scenario !== 'ok') return text(404, '');
  const status = `https://twitter.com/${post.handle}/status/${post.id}`;
  const mediaLink = post.media === 'text' ? '' : ' <a href="https://t.co/AbCdEf1234">pic.twitter.com/AbCdEf1234</a>';
  return json(200, {
    url: status,
    author_name: post.displayName,
    author_url: `https://twitter.com/${post.handle}`,
    html: `<blockquote class="twitter-tweet"><p lang="en" dir="ltr">${escapeHtml(post.caption)}${mediaLink}</p>&mdash; ${escapeHtml(post.displayName)} (@${post.handle}) <a href="${status}?ref_src=twsrc%5Etfw">${longDate(post.postedAt)}</a></blockquote>\n`,
    width: 550,
    height: null,
    type: 'rich',
    cache_age: '3153600000',
    provider_name: 'Twitter',
    provider_url: 'https://twitter.com',
    version: '1.0',
  });
}

const SYNDICATION_MEDIA: Readonly<Record<string, string>> = { image: 'photo', video: 'video', gif: 'animated_gif' };

function syndicatedTweet(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenJson();
  if (scenario === 'deleted') {
    return json(200, { __typename: 'TweetTombstone', tombstone: { text: { text: 'This Post was deleted by the Post author. Learn more', entities: [] } } });
  }
  if (scenario !== 'ok') return text(404, '');
  const mediaType = SYNDICATION_MEDIA[post.media];
  return json(200, {
    __typename: 'Tweet',
    lang: 'en',
    id_str: post.id,
    text: mediaType === undefined ? post.caption : `${post.caption} https://t.co/AbCdEf1234`,
    created_at: post.postedAt,
    favorite_count: post.stats.likes,
    conversation_count: post.stats.comments,
    retweet_count: post.stats.shares,
    user: { screen_name: post.handle, name: post.displayName, profile_image_url_https: `https://pbs.twimg.com/profile_images/1/${post.handle}_normal.jpg` },
    ...(mediaType === undefined ? {} : { mediaDetails: [{ type: mediaType, media_url_https: `https://pbs.twimg.com/media/${post.id}.jpg` }] }),
  });
}

export const twitterRouter: FixtureRouter = ({ host, url }) => {
  if (host === 'publish.twitter.com' && url.pathname === '/oembed') {
    const post = recognized(url.searchParams.get('url'), NetworkId.Twitter);
    return post === null ? text(404, '') : { network: 'twitter', postId: post.externalId, render: twitterOEmbed };
  }
  if (host === 'cdn.syndication.twimg.com' && url.pathname === '/tweet-result') {
    const id = url.searchParams.get('id');
    // The widget always sends a token; a request without one is refused like the real endpoint.
    if (id === null || !url.searchParams.get('token')) return text(400, 'Bad Request');
    return { network: 'twitter', postId: id, render: syndicatedTweet };
  }
  return null;
};
