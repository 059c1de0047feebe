import { describe, expect, it } from 'vitest';
import { appHandlesNativeSignIn, compareVersions, mobileAppVersion, shouldHandOffSocialSignIn } from './app-version.js';

describe('app versions', () => {
  it.each([
    ['1.0.8', '1.0.8', 0],
    ['1.0.10', '1.0.8', 1],
    ['1.0.7', '1.0.8', -1],
    ['2', '1.9.9', 1],
    ['1.0', '1.0.0', 0],
    ['v1.1.0', '1.0.8', 1],
    ['1.0.x', '1.0.8', null],
    ['', '1.0.8', null],
  ] as const)('compare %s with %s → %s', (left, right, expected) => {
    expect(compareVersions(left, right)).toBe(expected);
  });

  it('hands Google and Twitter sign-in to the app from 1.0.8 on', () => {
    expect(appHandlesNativeSignIn('1.0.7')).toBe(false);
    expect(appHandlesNativeSignIn('1.0.8')).toBe(true);
    expect(appHandlesNativeSignIn('1.1')).toBe(true);
    expect(appHandlesNativeSignIn('garbage')).toBe(false);
  });
});

describe('mobile app recognition', () => {
  const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

  it.each([
    [`${iphoneSafari} BylineApp/1.0.8`, '1.0.8'],
    [`BylineApp/1.0.10 ${iphoneSafari}`, '1.0.10'],
    ['Mozilla/5.0 (Linux; Android 14; BylineApp/1.1) AppleWebKit/537.36', '1.1'],
    [`${iphoneSafari} bylineapp/2.0.0`, '2.0.0'],
    [iphoneSafari, null],
    [`${iphoneSafari} NotBylineApp/1.0.8`, null],
    [`${iphoneSafari} BylineApp/beta`, null],
    [`${iphoneSafari} BylineApp/1.0.8-rc1`, null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('%s → %s', (userAgent, expected) => {
    expect(mobileAppVersion(userAgent)).toBe(expected);
  });

  it('hands the social buttons to the app only from version 1.0.8 on', () => {
    expect(shouldHandOffSocialSignIn(`${iphoneSafari} BylineApp/1.0.7`)).toBe(false);
    expect(shouldHandOffSocialSignIn(`${iphoneSafari} BylineApp/1.0.8`)).toBe(true);
    expect(shouldHandOffSocialSignIn(`${iphoneSafari} BylineApp/1.2.0`)).toBe(true);
    expect(shouldHandOffSocialSignIn(iphoneSafari)).toBe(false);
    expect(shouldHandOffSocialSignIn(null)).toBe(false);
  });
});
