/**
 * Geohash location hashes (docs/product.md §Search): latitude -90 to 90, longitude -180 to 180,
 * 1 to 9 characters. A geohash names a rectangular cell; longer hashes are smaller cells
 * (9 characters is about 5 m), which is all the precision a creator's location needs.
 */

export const GEOHASH_ALPHABET = '0123456789bcdefghjkmnpqrstuvwxyz';
export const GEOHASH_MIN_LENGTH = 1;
export const GEOHASH_MAX_LENGTH = 9;

const GEOHASH_PATTERN = new RegExp(`^[${GEOHASH_ALPHABET}]{${GEOHASH_MIN_LENGTH},${GEOHASH_MAX_LENGTH}}$`);

export type GeohashErrorReason = 'latitude_out_of_range' | 'longitude_out_of_range' | 'invalid_precision' | 'invalid_geohash';

const REASON_MESSAGES: Readonly<Record<GeohashErrorReason, string>> = {
  latitude_out_of_range: 'Latitude must be between -90 and 90',
  longitude_out_of_range: 'Longitude must be between -180 and 180',
  invalid_precision: `Geohash precision must be a whole number from ${GEOHASH_MIN_LENGTH} to ${GEOHASH_MAX_LENGTH}`,
  invalid_geohash: `A geohash is ${GEOHASH_MIN_LENGTH} to ${GEOHASH_MAX_LENGTH} characters from ${GEOHASH_ALPHABET}`,
};

export class GeohashError extends Error {
  readonly reason: GeohashErrorReason;

  constructor(reason: GeohashErrorReason) {
    super(REASON_MESSAGES[reason]);
    this.name = 'GeohashError';
    this.reason = reason;
  }
}

export interface DecodedGeohash {
  /** Centre of the cell. */
  readonly lat: number;
  readonly lon: number;
  /** Half the cell's height and width: the true point lies within ± these of the centre. */
  readonly latError: number;
  readonly lonError: number;
}

export function isValidLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

export function isValidLongitude(lon: number): boolean {
  return Number.isFinite(lon) && lon >= -180 && lon <= 180;
}

/** Lower-case only: the alphabet is defined in lower case and stored hashes are compared as text. */
export function isValidGeohash(hash: string): boolean {
  return GEOHASH_PATTERN.test(hash);
}

/** Throws GeohashError for an out-of-range coordinate or a precision outside 1..9. */
export function encodeGeohash(lat: number, lon: number, precision: number = GEOHASH_MAX_LENGTH): string {
  if (!isValidLatitude(lat)) throw new GeohashError('latitude_out_of_range');
  if (!isValidLongitude(lon)) throw new GeohashError('longitude_out_of_range');
  if (!Number.isInteger(precision) || precision < GEOHASH_MIN_LENGTH || precision > GEOHASH_MAX_LENGTH) {
    throw new GeohashError('invalid_precision');
  }
  const latRange: [number, number] = [-90, 90];
  const lonRange: [number, number] = [-180, 180];
  let hash = '';
  let bitIndex = 0;
  let characterBits = 0;
  // Bits alternate longitude, latitude, …; each halves the range the point is in.
  while (hash.length < precision) {
    const isLonBit = bitIndex % 2 === 0;
    const range = isLonBit ? lonRange : latRange;
    const value = isLonBit ? lon : lat;
    const mid = (range[0] + range[1]) / 2;
    characterBits <<= 1;
    if (value >= mid) {
      characterBits |= 1;
      range[0] = mid;
    } else {
      range[1] = mid;
    }
    bitIndex++;
    if (bitIndex % 5 === 0) {
      hash += GEOHASH_ALPHABET.charAt(characterBits);
      characterBits = 0;
    }
  }
  return hash;
}

/** Throws GeohashError('invalid_geohash') for anything `isValidGeohash` rejects. */
export function decodeGeohash(hash: string): DecodedGeohash {
  if (!isValidGeohash(hash)) throw new GeohashError('invalid_geohash');
  const latRange: [number, number] = [-90, 90];
  const lonRange: [number, number] = [-180, 180];
  let isLonBit = true;
  for (const character of hash) {
    const bits = GEOHASH_ALPHABET.indexOf(character);
    for (let shift = 4; shift >= 0; shift--) {
      const range = isLonBit ? lonRange : latRange;
      const mid = (range[0] + range[1]) / 2;
      if ((bits >> shift) & 1) range[0] = mid;
      else range[1] = mid;
      isLonBit = !isLonBit;
    }
  }
  return {
    lat: (latRange[0] + latRange[1]) / 2,
    lon: (lonRange[0] + lonRange[1]) / 2,
    latError: (latRange[1] - latRange[0]) / 2,
    lonError: (lonRange[1] - lonRange[0]) / 2,
  };
}
