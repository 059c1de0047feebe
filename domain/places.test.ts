import { describe, expect, it } from 'vitest';
import { decodeGeohash, encodeGeohash, isValidGeohash } from './geohash.js';
import { PLACES, searchPlaces } from './place-list.js';
import { PLACE_GEOHASH_PRECISION, foldForSearch, placeGeohashAt, placeLabel } from './places.js';

describe('places', () => {
  it('holds a few hundred cities, each once, with coordinates in range', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(300);
    const labels = PLACES.map(placeLabel);
    expect(new Set(labels).size).toBe(labels.length);
    for (const place of PLACES) {
      expect(place.lat, place.city).toBeGreaterThanOrEqual(-90);
      expect(place.lat, place.city).toBeLessThanOrEqual(90);
      expect(place.lon, place.city).toBeGreaterThanOrEqual(-180);
      expect(place.lon, place.city).toBeLessThanOrEqual(180);
    }
  });

  it('encodes each place as a precision-6 geohash whose cell holds the point', () => {
    for (const place of PLACES) {
      const hash = place.geohash;
      expect(hash).toHaveLength(PLACE_GEOHASH_PRECISION);
      expect(isValidGeohash(hash)).toBe(true);
      const cell = decodeGeohash(hash);
      expect(Math.abs(cell.lat - place.lat)).toBeLessThanOrEqual(cell.latError);
      expect(Math.abs(cell.lon - place.lon)).toBeLessThanOrEqual(cell.lonError);
    }
    const lisbon = PLACES.find((place) => place.city === 'Lisbon');
    // Lisbon's cell (eycs…), as every geohash map shows it.
    expect(lisbon?.geohash).toMatch(/^eycs/);
  });

  it('gives the geohash at a coarser precision as the point would encode there', () => {
    for (const place of PLACES) {
      for (let precision = 1; precision <= PLACE_GEOHASH_PRECISION; precision++) {
        expect(placeGeohashAt(place, precision), place.city).toBe(encodeGeohash(place.lat, place.lon, precision));
      }
    }
    const [first] = PLACES;
    expect(() => first && placeGeohashAt(first, PLACE_GEOHASH_PRECISION + 1)).toThrow(RangeError);
    expect(() => first && placeGeohashAt(first, 0)).toThrow(RangeError);
  });

  it('finds cities by the start of their name, ignoring case and accents, larger cities first', () => {
    expect(searchPlaces('sao p').map(placeLabel)).toEqual(['São Paulo, Brazil']);
    expect(searchPlaces('ZURICH').map(placeLabel)).toEqual(['Zurich, Switzerland']);
    expect(searchPlaces('lis').map(placeLabel)).toEqual(['Lisbon, Portugal']);
    expect(searchPlaces('york').map(placeLabel)).toEqual(['New York, United States']);
    expect(searchPlaces('san').map((place) => place.city).slice(0, 2)).toEqual(['Santiago', 'San Francisco']);
  });

  it('matches on the country too, and limits the answer', () => {
    const portugal = searchPlaces('portugal').map((place) => place.city);
    expect(portugal).toEqual(['Lisbon', 'Porto']);
    expect(searchPlaces('paris fr').map(placeLabel)).toEqual(['Paris, France']);
    expect(searchPlaces('a', 5)).toHaveLength(5);
    expect(searchPlaces('   ')).toEqual([]);
    expect(searchPlaces('zzzz')).toEqual([]);
  });

  it('folds text for search', () => {
    expect(foldForSearch('  Bogotá,  D.C. ')).toBe('bogota d c');
  });
});
