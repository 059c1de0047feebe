/**
 * The rules for places picked on /settings and in the creator search: no geocoding service is
 * reachable from Byline, so people type a place name and pick it from a built-in list of cities
 * (place-list.ts), and the point is stored as a geohash (docs/product.md §Search) with the readable
 * name beside it.
 *
 * The list itself lives in place-list.ts so that these small functions and types can be imported
 * without it: the browser loads the list only when a place field is first used (ui/PlaceCombobox).
 * Each place's geohash is computed with the list, so the geohash code travels with it too.
 */
/** About 1.2 × 0.6 km: a city district, precise enough to search creators near a place, vague enough not to point at a home. */
export const PLACE_GEOHASH_PRECISION = 6;

export interface Place {
  /** The city as it reads, in its usual English spelling. */
  readonly city: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  /** The point at `PLACE_GEOHASH_PRECISION`, as a location is stored. */
  readonly geohash: string;
}

/** "Lisbon, Portugal": the name stored beside the geohash and shown on profiles. */
export function placeLabel(place: Place): string {
  return place.city === place.country ? place.city : `${place.city}, ${place.country}`;
}

/**
 * The place's geohash at a coarser precision (the creator search's 4): a geohash's prefix is the
 * larger cell holding it, so this is the point's own geohash at that precision.
 */
export function placeGeohashAt(place: Place, precision: number): string {
  if (!Number.isInteger(precision) || precision < 1 || precision > PLACE_GEOHASH_PRECISION) throw new RangeError(`a place's geohash has 1 to ${PLACE_GEOHASH_PRECISION} characters`);
  return place.geohash.slice(0, precision);
}

/** Lower case without accents, so "sao paulo" finds São Paulo and "zurich" Zürich. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
