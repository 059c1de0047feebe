/**
 * docs/product.md §Posts: when a pasted link cannot be imported right away, which explanation the
 * user sees. Chosen from the link and the server's message, checked in the product's order; the
 * first rule that applies wins.
 */
import { INSTAGRAM_PRIVATE_ID_LENGTH } from './constants.js';
import * as MESSAGES from './messages.js';
import { NetworkId } from './networks.js';
import { networkIdForHost, parseLink } from './url-parts.js';
import { recognizePostUrl } from './url-recognition.js';

export type ImportWarningKind =
  | 'facebookLimited'
  | 'threadsBulkImport'
  | 'platformNotSupported'
  | 'twitchVideosClipsOnly'
  | 'instagramPrivate'
  | 'deleted'
  | 'queued';

export type ImportNoticeKind = 'xImportIssues' | 'tiktokSlideshow';

export interface ImportNotice {
  readonly kind: ImportNoticeKind;
  readonly text: string;
}

export interface ImportWarning {
  readonly kind: ImportWarningKind;
  /** 'info' when the import is still going ahead (queued), 'warning' when it will not. */
  readonly severity: 'info' | 'warning';
  readonly title: string;
  readonly body: string;
  /** Extra notes shown under a queued import; empty for every other kind. */
  readonly notices: readonly ImportNotice[];
}

type WarningText = Pick<ImportWarning, 'severity' | 'title' | 'body'>;

export const IMPORT_WARNING_TEXT: Readonly<Record<ImportWarningKind, WarningText>> = {
  facebookLimited: {
    severity: 'warning',
    title: 'Facebook support is limited',
    body: 'Facebook only lets us import some posts. Public videos and reels work best; posts from private profiles and groups usually cannot be imported.',
  },
  threadsBulkImport: {
    severity: 'warning',
    title: 'Connect your Threads account',
    body: 'Threads posts cannot be imported one link at a time. Connect your Threads account in Settings to bulk import your posts.',
  },
  platformNotSupported: {
    severity: 'warning',
    title: MESSAGES.platformNotSupported,
    body: 'This platform or url is not currently supported.',
  },
  twitchVideosClipsOnly: {
    severity: 'warning',
    title: 'Only Twitch videos and clips are supported',
    body: 'Paste a link to a Twitch video (twitch.tv/videos/…) or a clip. Channel pages and live streams cannot be imported.',
  },
  instagramPrivate: {
    severity: 'warning',
    title: 'This post is from a private account',
    body: 'This link belongs to a private Instagram account, so we cannot import it. Only posts from public accounts can be tracked.',
  },
  deleted: {
    severity: 'warning',
    title: 'This post was deleted',
    body: 'This post was marked as deleted by a user, so it cannot be imported again.',
  },
  queued: {
    severity: 'info',
    title: 'Your link is in the import queue',
    body: "We couldn't import this link straight away, so it has been added to the import queue. We'll send you a notification when it's ready.",
  },
};

export const IMPORT_NOTICE_TEXT: Readonly<Record<ImportNoticeKind, string>> = {
  xImportIssues: 'X (Twitter) is limiting access to posts at the moment, so imports from X may take longer than usual or fail.',
  tiktokSlideshow: 'TikTok slideshows can be imported, but TikTok does not share their analytics, so views and other stats may be missing.',
};

export interface ImportFailure {
  readonly url: string;
  /** The server's error message, if any. */
  readonly message?: string | null;
}

/**
 * Server messages often quote the url ("Failed to scrape post with url https://…"), and a
 * url can contain any word, so urls are removed before looking for keywords in the message.
 */
function messageWithoutUrls(message: string | null | undefined): string {
  return (message ?? '').replace(/\bhttps?:\/\/\S+/gi, ' ');
}

function isPrivateInstagramPost(url: string): boolean {
  const recognized = recognizePostUrl(url);
  return recognized.ok && recognized.value.networkId === NetworkId.Instagram && recognized.value.externalId.length > INSTAGRAM_PRIVATE_ID_LENGTH;
}

function warning(kind: ImportWarningKind, notices: readonly ImportNotice[] = []): ImportWarning {
  return { kind, ...IMPORT_WARNING_TEXT[kind], notices };
}

function notice(kind: ImportNoticeKind): ImportNotice {
  return { kind, text: IMPORT_NOTICE_TEXT[kind] };
}

export function chooseImportWarning({ url, message }: ImportFailure): ImportWarning {
  const link = parseLink(url);
  const networkId = link === null ? null : networkIdForHost(link.host);
  // Keywords are matched with the spec's capitalisation: the server says "Platform not supported".
  const keywords = messageWithoutUrls(message);

  if (networkId === NetworkId.Facebook) return warning('facebookLimited');
  if (networkId === NetworkId.Threads) return warning('threadsBulkImport');
  if (keywords.includes('Platform')) return warning('platformNotSupported');
  if (networkId === NetworkId.Twitch) return warning('twitchVideosClipsOnly');
  if (isPrivateInstagramPost(url)) return warning('instagramPrivate');
  if (keywords.includes('deleted')) return warning('deleted');

  const notices: ImportNotice[] = [];
  if (networkId === NetworkId.Twitter) notices.push(notice('xImportIssues'));
  if (keywords.includes('slideshow')) notices.push(notice('tiktokSlideshow'));
  return warning('queued', notices);
}
