import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, truncate } from './format.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [999.4, '999'],
    [999.5, '1k'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1150, '1.2k'],
    [1500, '1.5k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1m'],
    [1_250_000, '1.3m'],
    [1_000_000_000, '1b'],
    [2_500_000_000_000, '2.5t'],
    [5_000_000_000_000_000, '5000t'],
    [-1500, '-1.5k'],
    [-999_950, '-1m'],
    [-0.4, '0'],
    [-0, '0'],
    [Number.NaN, '0'],
  ])('%s → %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });

  const SHORT = /^-?(0|[1-9]\d{0,2})$|^-?[1-9]\d{0,2}(\.[1-9])?[kmb]$|^-?[1-9]\d*(\.[1-9])?t$/;

  it('is always a short number: at most 3 digits before the unit, one decimal, no ".0"', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (n) => {
        expect(formatCount(n)).toMatch(SHORT);
      }),
      { numRuns: 200 },
    );
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 52 }), (n) => {
        expect(formatCount(-n)).toBe(`-${formatCount(n)}`);
      }),
      { numRuns: 100 },
    );
  });
});

describe('truncate', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['this is too long', 10, 'this is t…'],
    ['this is a test', 9, 'this is…'],
    ['abcdefghijk', 10, 'abcdefghi…'],
    ['😀😀😀😀', 3, '😀😀…'],
    ['anything', 0, ''],
    ['', 0, ''],
  ])('%j to %s → %j', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it('never exceeds the limit, keeps fitting text, and marks cuts with an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const result = truncate(text, max);
        expect(Array.from(result).length).toBeLessThanOrEqual(max);
        if (Array.from(text).length <= max) expect(result).toBe(text);
        else expect(result.endsWith('…')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
