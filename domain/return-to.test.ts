import { describe, expect, it } from 'vitest';
import { sameSitePath } from './return-to.js';

describe('sameSitePath: where sign-in may send someone back to', () => {
  it.each([
    ['/teams/accept/abc?x=1', '/teams/accept/abc?x=1'],
    ['/', '/'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    // Dot segments and backslashes that a URL parser turns into `//evil.example`.
    ['/.//evil.example', null],
    ['/x/..//evil.example', null],
    ['/x\\..\\\\evil.example', null],
    ['/%2e%2e//evil.example', null],
    ['/a/./b/../c?x=1#top', '/a/c?x=1#top'],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['relative/path', null],
    [42, null],
  ])('keeps returnTo %j only as a same-site path', (returnTo, expected) => {
    expect(sameSitePath(returnTo)).toBe(expected);
  });
});
