import { describe, expect, it } from 'vitest';
import { appHandlesNativeSignIn, compareVersions } from './app-version.js';

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
