/**
 * Per-network rules for which link paths are posts (docs/product.md §Posts), and the one canonical
 * URL each post gets. Every matcher reads only the id-carrying parts of a link, so query strings,
 * fragments, trailing slashes and the www./m./mobile. editions never change the (network,
 * externalId) pair, which is what the server uses to find an already-tracked post.
 */
import type { LinkParts } from './url-parts.js';

export type PostUrlKind =
  | 'video'
  | 'status'
  | 'post'
  | 'reel'
  | 'tv'
  | 'share'
  | 'photo'
  | 'short_link'
  | 'activity'
  | 'clip';

export interface PostMatch {
  readonly kind: PostUrlKind;
  /** The network's own id or code for the post; stable across every link form of it. */
  readonly externalId: string;
  /** One canonical https link to the post, used for storage and scraping. */
  readonly normalizedUrl: string;
}

export type PostMatcher = (link: LinkParts) => PostMatch | null;

/** Characters every network uses in post ids, codes and slugs. */
const TOKEN = /^[A-Za-z0-9_-]+$/;
const DIGITS = /^\d+$/;
/** YouTube video ids are always 11 characters. */
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** docs/product.md §Posts: Twitter status id over 9 characters; Instagram code over 9 characters. */
const TWITTER_STATUS_ID_MIN_LENGTH = 10;
const INSTAGRAM_CODE_MIN_LENGTH = 10;
/** docs/product.md §Posts: TikTok video, photo or t id of at least 9. */
const TIKTOK_ID_MIN_LENGTH = 9;

const enc = encodeURIComponent;

/** Segments and query values may be missing; the guards narrow them to present strings. */
type MaybeString = string | null | undefined;

function isToken(value: MaybeString, minLength = 1): value is string {
  return typeof value === 'string' && value.length >= minLength && TOKEN.test(value);
}

function isDigits(value: MaybeString, minLength = 1): value is string {
  return typeof value === 'string' && value.length >= minLength && DIGITS.test(value);
}

function youtubeVideo(id: string): PostMatch {
  return { kind: 'video', externalId: id, normalizedUrl: `https://www.youtube.com/watch?v=${id}` };
}

/** youtube.com/watch?v=ID; youtu.be/ID and /shorts/ID are share forms of the same video. */
export const matchYouTubePost: PostMatcher = ({ host, segments, query }) => {
  const [first, second] = segments;
  if (host === 'youtu.be') return first !== undefined && YOUTUBE_VIDEO_ID.test(first) ? youtubeVideo(first) : null;
  if (host !== 'youtube.com') return null;
  const watchedId = query.get('v');
  if (first === 'watch' && segments.length === 1 && watchedId !== null && YOUTUBE_VIDEO_ID.test(watchedId)) {
    return youtubeVideo(watchedId);
  }
  if (first === 'shorts' && second !== undefined && YOUTUBE_VIDEO_ID.test(second)) return youtubeVideo(second);
  return null;
};

const TWITTER_USER = /^[A-Za-z0-9_]+$/;

/** /{user}/status/{id}, including /i/web/status/{id} and trailing /photo/1 or /video/1. */
export const matchTwitterPost: PostMatcher = ({ segments }) => {
  const statusIndex = segments.findIndex((segment, index) => index >= 1 && (segment === 'status' || segment === 'statuses'));
  const user = segments[0];
  const id = segments[statusIndex + 1];
  if (statusIndex < 1 || user === undefined || !TWITTER_USER.test(user)) return null;
  if (!isDigits(id, TWITTER_STATUS_ID_MIN_LENGTH)) return null;
  const normalizedUrl = user === 'i' ? `https://x.com/i/status/${id}` : `https://x.com/${user}/status/${id}`;
  return { kind: 'status', externalId: id, normalizedUrl };
};

const INSTAGRAM_KINDS: Readonly<Record<string, PostUrlKind>> = { p: 'post', tv: 'tv', reel: 'reel', reels: 'reel', share: 'share' };
const INSTAGRAM_PATHS: Readonly<Partial<Record<PostUrlKind, string>>> = { post: 'p', tv: 'tv', reel: 'reel' };

function instagramKind(segment: string | undefined): PostUrlKind | undefined {
  return segment !== undefined && Object.hasOwn(INSTAGRAM_KINDS, segment) ? INSTAGRAM_KINDS[segment] : undefined;
}

/**
 * /p/, /tv/, /reel/, /reels/ and /share/ codes, optionally after a username
 * (/{user}/p/{code}). Share links may name what they share: /share/reel/{code}.
 */
export const matchInstagramPost: PostMatcher = ({ segments }) => {
  const kindIndex = instagramKind(segments[0]) ? 0 : instagramKind(segments[1]) ? 1 : -1;
  const kind = instagramKind(segments[kindIndex]);
  if (kind === undefined) return null;
  if (kind === 'share') {
    const sharedKind = instagramKind(segments[kindIndex + 1]);
    const sharedPath = sharedKind === undefined ? '' : `${segments[kindIndex + 1]}/`;
    const code = segments[kindIndex + (sharedKind === undefined ? 1 : 2)];
    if (!isToken(code, INSTAGRAM_CODE_MIN_LENGTH)) return null;
    return { kind, externalId: code, normalizedUrl: `https://www.instagram.com/share/${sharedPath}${code}/` };
  }
  const code = segments[kindIndex + 1];
  if (!isToken(code, INSTAGRAM_CODE_MIN_LENGTH)) return null;
  return { kind, externalId: code, normalizedUrl: `https://www.instagram.com/${INSTAGRAM_PATHS[kind] ?? 'p'}/${code}/` };
};

const TIKTOK_USER = /^@[A-Za-z0-9_.]+$/;

/** /@user/video/{id}, /@user/photo/{id}, and the t links vm.tiktok.com/{id}, vt.tiktok.com/{id}, tiktok.com/t/{id}. */
export const matchTikTokPost: PostMatcher = ({ host, segments }) => {
  const [first, second, third] = segments;
  if (host === 'vm.tiktok.com' || host === 'vt.tiktok.com') {
    return isToken(first, TIKTOK_ID_MIN_LENGTH) ? { kind: 'short_link', externalId: first, normalizedUrl: `https://${host}/${first}/` } : null;
  }
  if (host !== 'tiktok.com') return null;
  if (first === 't') {
    return isToken(second, TIKTOK_ID_MIN_LENGTH) ? { kind: 'short_link', externalId: second, normalizedUrl: `https://www.tiktok.com/t/${second}/` } : null;
  }
  if (first === undefined || !TIKTOK_USER.test(first) || (second !== 'video' && second !== 'photo')) return null;
  if (!isDigits(third, TIKTOK_ID_MIN_LENGTH)) return null;
  return { kind: second === 'video' ? 'video' : 'photo', externalId: third, normalizedUrl: `https://www.tiktok.com/${first}/${second}/${third}` };
};

const LINKEDIN_ACTIVITY_URN = /^urn:li:activity:(\d+)$/;
/** A /posts/ slug ends in e.g. `-activity-7123456789012345678-AbCd`; that number is the post. */
const LINKEDIN_SLUG_ACTIVITY = /-activity-(\d+)/;

/** /posts/{slug} and /feed/update/urn:li:activity:{id}, which share the activity id when the slug has one. */
export const matchLinkedInPost: PostMatcher = ({ host, segments }) => {
  if (host !== 'linkedin.com') return null;
  const [first, second, third] = segments;
  if (first === 'posts' && second !== undefined) {
    const externalId = LINKEDIN_SLUG_ACTIVITY.exec(second)?.[1] ?? second;
    return { kind: 'post', externalId, normalizedUrl: `https://www.linkedin.com/posts/${enc(second)}/` };
  }
  const activityId = first === 'feed' && second === 'update' && third !== undefined ? LINKEDIN_ACTIVITY_URN.exec(third)?.[1] : undefined;
  if (activityId === undefined) return null;
  return { kind: 'activity', externalId: activityId, normalizedUrl: `https://www.linkedin.com/feed/update/urn:li:activity:${activityId}/` };
};

function twitchClip(slug: string): PostMatch {
  return { kind: 'clip', externalId: slug, normalizedUrl: `https://clips.twitch.tv/${slug}` };
}

/** /videos/{id}; clips as clips.twitch.tv/{slug}, /{channel}/clip/{slug}, or the mobile /clip/{slug}. */
export const matchTwitchPost: PostMatcher = ({ host, segments }) => {
  const [first, second, third] = segments;
  if (host === 'clips.twitch.tv') return first !== 'embed' && isToken(first) ? twitchClip(first) : null;
  if (host !== 'twitch.tv') return null;
  if (first === 'videos') {
    return isDigits(second) ? { kind: 'video', externalId: second, normalizedUrl: `https://www.twitch.tv/videos/${second}` } : null;
  }
  if (second === 'clip' && isToken(third)) return twitchClip(third);
  if (first === 'clip' && isToken(second)) return twitchClip(second);
  return null;
};

function facebookPost(externalId: string, normalizedUrl: string): PostMatch {
  return { kind: 'post', externalId, normalizedUrl };
}

function facebookVideo(id: string): PostMatch {
  return facebookPost(id, `https://www.facebook.com/watch/?v=${id}`);
}

function facebookPhoto(id: string): PostMatch {
  return facebookPost(id, `https://www.facebook.com/photo/?fbid=${id}`);
}

/**
 * Facebook has many link shapes for one post; all are kind 'post'. Video-like links
 * (/watch?v=, /{page}/videos/…/{id}, /reel/{id}) share the video id.
 */
export const matchFacebookPost: PostMatcher = ({ host, segments, query }) => {
  const [first, second, third, fourth] = segments;
  if (host === 'fb.watch') return isToken(first) ? facebookPost(first, `https://fb.watch/${first}/`) : null;
  if (first === 'watch') {
    const videoId = query.get('v');
    return isToken(videoId) ? facebookVideo(videoId) : null;
  }
  if (first === 'reel') return isToken(second) ? facebookPost(second, `https://www.facebook.com/reel/${second}`) : null;
  if (first === 'share') {
    const subtype = second !== undefined && /^[a-z]$/.test(second) ? second : undefined;
    const code = subtype === undefined ? second : third;
    const path = subtype === undefined ? '' : `${subtype}/`;
    return isToken(code) ? facebookPost(code, `https://www.facebook.com/share/${path}${code}/`) : null;
  }
  if (first === 'permalink.php' || first === 'story.php') {
    const storyId = query.get('story_fbid');
    if (!isToken(storyId)) return null;
    const pageId = query.get('id');
    const pageParam = isToken(pageId) ? `&id=${pageId}` : '';
    return facebookPost(storyId, `https://www.facebook.com/permalink.php?story_fbid=${storyId}${pageParam}`);
  }
  if (first === 'photo.php' || first === 'photo') {
    const photoId = query.get('fbid');
    return isToken(photoId) ? facebookPhoto(photoId) : null;
  }
  if (first === 'groups' && (third === 'posts' || third === 'permalink') && second !== undefined && isToken(fourth)) {
    return facebookPost(fourth, `https://www.facebook.com/groups/${enc(second)}/posts/${fourth}/`);
  }
  if (first !== undefined && second === 'posts' && isToken(third)) {
    return facebookPost(third, `https://www.facebook.com/${enc(first)}/posts/${third}`);
  }
  const videoId = lastDigitsAfter(segments, 'videos');
  if (videoId !== undefined) return facebookVideo(videoId);
  const photoId = lastDigitsAfter(segments, 'photos');
  if (photoId !== undefined) return facebookPhoto(photoId);
  return null;
};

/** For /{page}/videos/{title-slug}/{id}: the numeric id is the last segment after the marker. */
function lastDigitsAfter(segments: readonly string[], marker: string): string | undefined {
  const markerIndex = segments.indexOf(marker);
  if (markerIndex < 0 || markerIndex > 1) return undefined;
  for (let index = segments.length - 1; index > markerIndex; index--) {
    const segment = segments[index];
    if (isDigits(segment)) return segment;
  }
  return undefined;
}
