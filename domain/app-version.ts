/**
 * The native mobile app wraps the web product. From app version 1.0.8 it signs users in
 * with Google and Twitter itself, so the web page must hand those buttons over to it.
 */
import { MOBILE_APP_NATIVE_SIGNIN_VERSION } from './constants.js';

/**
 * Compares dotted versions numerically ("1.0.10" is after "1.0.8"); missing parts count as 0.
 * Returns null when either side is not a dotted number, so bad input never passes a gate.
 */
export function compareVersions(left: string, right: string): -1 | 0 | 1 | null {
  const leftParts = versionParts(left);
  const rightParts = versionParts(right);
  if (leftParts === null || rightParts === null) return null;
  const length = Math.max(leftParts.length, rightParts.length);
  for (let index = 0; index < length; index++) {
    const difference = (leftParts[index] ?? 0) - (rightParts[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

function versionParts(version: string): number[] | null {
  const trimmed = version.trim().replace(/^v/i, '');
  return /^\d+(\.\d+)*$/.test(trimmed) ? trimmed.split('.').map(Number) : null;
}

export function appHandlesNativeSignIn(appVersion: string): boolean {
  const comparison = compareVersions(appVersion, MOBILE_APP_NATIVE_SIGNIN_VERSION);
  return comparison === 0 || comparison === 1;
}

/**
 * The mobile shell announces itself in its user agent with one product token,
 * `BylineApp/<version>` (a dotted number, e.g. `BylineApp/1.0.8`), anywhere among the usual
 * browser tokens: `Mozilla/5.0 (iPhone; …) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 BylineApp/1.0.8`.
 * The name is matched case-insensitively; the version must be digits and dots.
 */
const MOBILE_APP_TOKEN = /(?:^|[\s;(])BylineApp\/(\d+(?:\.\d+)*)(?=$|[\s;)])/i;

/** The app version from a user agent, or null when the page is not running inside the app. */
export function mobileAppVersion(userAgent: string | null | undefined): string | null {
  return userAgent?.match(MOBILE_APP_TOKEN)?.[1] ?? null;
}

/** Whether the Google and Twitter buttons should hand sign-in to the app instead of the web flow. */
export function shouldHandOffSocialSignIn(userAgent: string | null | undefined): boolean {
  const version = mobileAppVersion(userAgent);
  return version !== null && appHandlesNativeSignIn(version);
}
