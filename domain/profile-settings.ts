/**
 * Rules of the profile fields edited on /settings: bio, website, place and avatar. Each
 * validator returns null when the value may be saved, else the message to show under the field.
 */
import { UPLOAD_SIZES_BYTES, UPLOAD_TIMEOUT_MS } from './constants.js';
import { isValidGeohash } from './geohash.js';
import * as MESSAGES from './messages.js';
import { hasControlCharacters } from './plain-text.js';
import { hasSpoofingCharacters } from './validation.js';

/** Characters, as the users columns hold them (varchar 1000, 2048 and 200). */
export const BIO_MAX = 1000;
export const WEBSITE_MAX = 2048;
export const LOCATION_NAME_MAX = 200;

/** What the settings page checks as people type or pick a file: the browser needs these words. */
export const PROFILE_FIELD_MESSAGES = {
  bioTooLong: `Your bio must be at most ${BIO_MAX} characters.`,
  bioControlCharacters: 'Your bio can only contain text and line breaks.',
  websiteTooLong: `Your website address must be at most ${WEBSITE_MAX} characters.`,
  avatarType: 'Your picture must be a JPEG, PNG, WebP or GIF image.',
  avatarTooLarge: 'Your picture must be 5 MB or smaller.',
} as const;

/**
 * Every settings message, with the refusals only the server gives (the page shows them as they
 * come): kept apart from PROFILE_FIELD_MESSAGES so the browser does not download them
 * (docs/product.md §Performance).
 */
export const SETTINGS_MESSAGES = {
  ...PROFILE_FIELD_MESSAGES,
  locationNameLength: `The place name must be 1 to ${LOCATION_NAME_MAX} characters.`,
  locationInvisibleCharacters: 'The place name cannot contain invisible characters or characters that change the direction of text.',
  locationGeohash: 'Please pick the place from the list.',
  avatarUnreadable: 'That file could not be read as an image.',
  avatarTimeout: 'The upload took longer than 60 seconds. Please try again.',
  deleteNeedsConfirmation: 'Confirm that you want to delete your account.',
  sessionsNeedOwnSession: 'Other sessions can only be signed out when signed in yourself, not with a token or while masquerading.',
  deleteNeedsSession: 'An account can only be deleted from a signed-in session, not with a personal access token.',
} as const;

/**
 * Avatars take the 5 MB limit (docs/product.md §Constants): a photo straight from a phone camera
 * (3–5 MB as JPEG) must go through as it is, which 2 MB would refuse; 20 and 50 MB are sizes for
 * video and post media, far more than a picture shown at most 512 px wide needs. The server
 * resizes whatever arrives, so a larger limit would only cost memory. The product's 60 s upload
 * timeout applies as written.
 */
export const AVATAR_MAX_BYTES = UPLOAD_SIZES_BYTES.fiveMb;
export const AVATAR_UPLOAD_TIMEOUT_MS = UPLOAD_TIMEOUT_MS;
/** What the upload accepts: the formats every browser shows. HEIC and SVG are not (SVG can carry script). */
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

export function isAvatarContentType(value: string): value is AvatarContentType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(value);
}

function characterCount(text: string): number {
  return Array.from(text).length;
}

/** A bio keeps its line breaks (paragraphs); other control characters are refused. */
export function validateBio(bio: string): string | null {
  if (characterCount(bio) > BIO_MAX) return PROFILE_FIELD_MESSAGES.bioTooLong;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(bio) ? PROFILE_FIELD_MESSAGES.bioControlCharacters : null;
}

/** The rule for links (docs/product.md §Posts): only http and https; anything else is "Invalid url". */
export function validateWebsite(website: string): string | null {
  if (characterCount(website) > WEBSITE_MAX) return PROFILE_FIELD_MESSAGES.websiteTooLong;
  if (/\s/.test(website)) return MESSAGES.invalidUrl;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return MESSAGES.invalidUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return MESSAGES.invalidUrl;
  // A host with a dot (or localhost is not a public website): "https://x" is a typo, not a site.
  return url.hostname.includes('.') && !url.username && !url.password ? null : MESSAGES.invalidUrl;
}

/** Any `scheme:` at the start ("https:", "javascript:", "mailto:"), but not a host with a port ("mysite.com:8080"). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The website to keep for what was typed (null: none). Without a scheme ("mysite.com") it is
 * taken as https, as Linktree and GitHub do; with one it must then pass `validateWebsite`.
 */
export function websiteAsTyped(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A place: its readable name (as shown on the profile) and the geohash of docs/product.md §Search. */
export function validateLocation(name: string, geohash: string): { field: 'locationName' | 'locationGeohash'; message: string } | null {
  const length = characterCount(name);
  if (length < 1 || length > LOCATION_NAME_MAX || hasControlCharacters(name)) return { field: 'locationName', message: SETTINGS_MESSAGES.locationNameLength };
  if (hasSpoofingCharacters(name)) return { field: 'locationName', message: SETTINGS_MESSAGES.locationInvisibleCharacters };
  return isValidGeohash(geohash) ? null : { field: 'locationGeohash', message: SETTINGS_MESSAGES.locationGeohash };
}

/** The avatar size as people read it, for the page's hint. */
export const AVATAR_MAX_LABEL = '5 MB';
