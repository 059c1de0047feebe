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
