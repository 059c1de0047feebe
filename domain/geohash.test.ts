import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGeohash, encodeGeohash, GeohashError, isValidGeohash } from './geohash.js';

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
const precision = fc.integer({ min: 1, max: 9 });

describe('encodeGeohash', () => {
  it.each([
    [57.64911, 10.40744, 9, 'u4pruydqq'],
    [48.8584, 2.2945, 7, 'u09tunq'],
    [-33.8568, 151.2153, 6, 'r3gx2u'],
    [0, 0, 1, 's'],
    [-90, -180, 3, '000'],
    [90, 180, 3, 'zzz'],
  ])('(%s, %s) at %s → %s', (lat, lon, length, expected) => {
    expect(encodeGeohash(lat, lon, length)).toBe(expected);
  });

  it('uses 9 characters by default', () => {
    expect(encodeGeohash(57.64911, 10.40744)).toBe('u4pruydqq');
  });

  it.each([
    [90.0001, 0, 5, 'latitude_out_of_range'],
    [-91, 0, 5, 'latitude_out_of_range'],
    [Number.NaN, 0, 5, 'latitude_out_of_range'],
    [0, 180.5, 5, 'longitude_out_of_range'],
    [0, Number.NEGATIVE_INFINITY, 5, 'longitude_out_of_range'],
    [0, 0, 0, 'invalid_precision'],
    [0, 0, 10, 'invalid_precision'],
    [0, 0, 2.5, 'invalid_precision'],
  ])('(%s, %s, %s) throws %s', (lat, lon, length, reason) => {
    expect(() => encodeGeohash(lat, lon, length)).toThrow(GeohashError);
    expect(() => encodeGeohash(lat, lon, length)).toThrow(expect.objectContaining({ reason }));
  });
});

describe('decodeGeohash and isValidGeohash', () => {
  it('decodes to the cell centre with half-cell errors', () => {
    const { lat, lon, latError, lonError } = decodeGeohash('s');
    expect([lat, lon, latError, lonError]).toEqual([22.5, 22.5, 22.5, 22.5]);
  });

  it.each([
    ['u4pruydqq', true],
    ['0', true],
    ['zzzzzzzzz', true],
    ['', false],
    ['u4pruydqqq', false],
    ['U4PRU', false],
    ['u4pa', false],
    ['u4pi', false],
    ['u4 p', false],
  ])('%j valid: %s', (hash, expected) => {
    expect(isValidGeohash(hash)).toBe(expected);
  });

  it('throws a typed error for an invalid hash', () => {
    expect(() => decodeGeohash('hello')).toThrow(expect.objectContaining({ name: 'GeohashError', reason: 'invalid_geohash' }));
  });

  it('encode → decode lands within the cell, and re-encodes to the same hash', () => {
    fc.assert(
      fc.property(latitude, longitude, precision, (lat, lon, length) => {
        const hash = encodeGeohash(lat, lon, length);
        expect(hash).toHaveLength(length);
        expect(isValidGeohash(hash)).toBe(true);
        const cell = decodeGeohash(hash);
        expect(Math.abs(cell.lat - lat)).toBeLessThanOrEqual(cell.latError + 1e-9);
        expect(Math.abs(cell.lon - lon)).toBeLessThanOrEqual(cell.lonError + 1e-9);
        expect(encodeGeohash(cell.lat, cell.lon, length)).toBe(hash);
      }),
      { numRuns: 200 },
    );
  });

  it('a shorter hash of a point is a prefix of a longer one', () => {
    fc.assert(
      fc.property(latitude, longitude, precision, (lat, lon, length) => {
        expect(encodeGeohash(lat, lon, 9).startsWith(encodeGeohash(lat, lon, length))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('any valid hash decodes and re-encodes to itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9b-hjkmnp-z]{1,9}$/), (hash) => {
        const cell = decodeGeohash(hash);
        expect(encodeGeohash(cell.lat, cell.lon, hash.length)).toBe(hash);
      }),
      { numRuns: 100 },
    );
  });
});
