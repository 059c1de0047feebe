/**
 * Rules of the creator search (/creators) that server and client share: the area a place filter
 * covers, the page's query parameters, and the limits of its filters.
 *
 * A place is a geohash (docs/product.md §Search). Its precision says how wide the search is: a
 * geohash names a cell, and the named point (a city, as the search criteria write it) may lie
 * anywhere in it, so the area is the circle around the cell's centre whose radius is the cell's
 * diagonal: twice the reach of its corners. "Lisbon" at precision 4 (a metropolitan area) searches
 * about 36 km around its cell, a precision-6 district about 1.4 km. Results come nearest to the
 * centre first.
 */
import { decodeGeohash, encodeGeohash, GeohashError, isValidGeohash } from './geohash.js';

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface GeoSearchArea {
  lat: number;
  lon: number;
  radiusKm: number;
  /**
   * The cells at the same precision that the circle's bounding box touches: every stored geohash
   * inside the circle starts with one of them, so the database narrows by prefix on an index
   * before measuring distances.
   */
  cellPrefixes: string[];
}

const KM_PER_DEGREE_OF_LATITUDE = 111.2;

function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Throws GeohashError (the geohash rule, with its message) for anything that is not a geohash. */
export function geoSearchArea(geohash: string): GeoSearchArea {
  if (!isValidGeohash(geohash)) throw new GeohashError('invalid_geohash');
  const cell = decodeGeohash(geohash);
  const radiusKm = 2 * distanceKm(cell, { lat: Math.min(90, cell.lat + cell.latError), lon: cell.lon + cell.lonError });
  const latSpan = radiusKm / KM_PER_DEGREE_OF_LATITUDE;
  const lonSpan = Math.min(180, radiusKm / (KM_PER_DEGREE_OF_LATITUDE * Math.max(0.01, Math.cos((cell.lat * Math.PI) / 180))));
  const rows = Math.ceil(latSpan / (2 * cell.latError));
  const columns = Math.min(Math.ceil(lonSpan / (2 * cell.lonError)), Math.ceil(180 / (2 * cell.lonError)));
  const prefixes = new Set<string>();
  for (let row = -rows; row <= rows; row++) {
    const lat = Math.max(-90, Math.min(90, cell.lat + row * 2 * cell.latError));
    for (let column = -columns; column <= columns; column++) {
      prefixes.add(encodeGeohash(lat, wrapLongitude(cell.lon + column * 2 * cell.lonError), geohash.length));
    }
  }
  return { lat: cell.lat, lon: cell.lon, radiusKm, cellPrefixes: [...prefixes].sort() };
}

/** The longest "credited in the last N days" window: ten years. */
export const MAX_CREDITED_WITHIN_DAYS = 3650;
/** Roles and networks one search may name (values of one filter widen: either role). */
export const MAX_CREATOR_SEARCH_VALUES = 20;
/** How far the results page on: the best matches are what a search is for. */
export const MAX_CREATOR_SEARCH_DEPTH = 1_000;
/** Top collaborators shown on each result. */
export const CREATOR_RESULT_COLLABORATORS = 3;

/**
 * The /creators query parameters (route list: role as `{name}~{id}`, geo as `{name}~{geohash}`,
 * list as `{id}~{name}`, plus what the search criteria produce: `network` and the text `q`) and
 * the filters this page adds in the same style.
 */
export const CREATOR_SEARCH_PARAMETERS = {
  role: 'role',
  geo: 'geo',
  list: 'list',
  network: 'network',
  text: 'q',
  minFollowers: 'minFollowers',
  maxFollowers: 'maxFollowers',
  creditedWithinDays: 'creditedWithin',
  /** `open=1`: only people open to work (docs/product.md §Profiles). */
  openToWork: 'open',
} as const;
