import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm, geoSearchArea } from './creator-search.js';
import { decodeGeohash, encodeGeohash } from './geohash.js';
import { PLACES } from './place-list.js';

describe('geoSearchArea', () => {
  it('widens with a shorter geohash: a metropolitan area at precision 4, a district at 6', () => {
    const lisbon = PLACES.find((place) => place.city === 'Lisbon')!;
    const city = geoSearchArea(encodeGeohash(lisbon.lat, lisbon.lon, 4));
    const district = geoSearchArea(encodeGeohash(lisbon.lat, lisbon.lon, 6));
    expect(city.radiusKm).toBeGreaterThan(30);
    expect(city.radiusKm).toBeLessThan(40);
    expect(district.radiusKm).toBeGreaterThan(1);
    expect(district.radiusKm).toBeLessThan(2);
    expect(city.cellPrefixes.length).toBeLessThanOrEqual(25);
    expect(geoSearchArea('s').cellPrefixes.length).toBeLessThanOrEqual(32);
    expect(city.cellPrefixes).toContain(encodeGeohash(lisbon.lat, lisbon.lon, 4));
  });

  it('refuses what is not a geohash with the location-hash rule’s message', () => {
    expect(() => geoSearchArea('aaaa')).toThrow(expect.objectContaining({ name: 'GeohashError', reason: 'invalid_geohash' }));
    expect(() => geoSearchArea('0123456789')).toThrow(/1 to 9 characters/);
  });

  it('covers every point within its radius with one of its cell prefixes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lon, precision, fraction, bearing) => {
          const area = geoSearchArea(encodeGeohash(lat, lon, precision));
          // A point at `fraction` of the radius in some direction (small-distance approximation).
          const km = fraction * area.radiusKm * 0.95;
          const pointLat = area.lat + (km / 111.2) * Math.cos(bearing);
          const pointLon = area.lon + (km / (111.2 * Math.cos((area.lat * Math.PI) / 180))) * Math.sin(bearing);
          if (Math.abs(pointLat) > 85 || Math.abs(pointLon) > 180) return;
          const point = { lat: pointLat, lon: pointLon };
          if (distanceKm(area, point) > area.radiusKm) return;
          const stored = encodeGeohash(pointLat, pointLon, 7);
          expect(area.cellPrefixes.some((prefix) => stored.startsWith(prefix))).toBe(true);
        },
      ),
    );
  });

  it('measures distances on the sphere', () => {
    expect(distanceKm({ lat: 38.72, lon: -9.14 }, { lat: 41.15, lon: -8.61 })).toBeCloseTo(274, -1);
    const centre = decodeGeohash('eyck');
    expect(distanceKm(centre, centre)).toBe(0);
  });
});
