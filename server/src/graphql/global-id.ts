import { MAX_INT_ID, MAX_SMALLINT_ID } from '../db/id-range.js';
import { InvalidInput } from '../errors/app-errors.js';

/**
 * Global ids are opaque to clients: base64 of "Type:databaseId" (the Relay convention), so one
 * `node(id:)` can fetch any object and an id of one type is never mistaken for another's.
 */
export function toGlobalId(typeName: string, databaseId: number): string {
  return Buffer.from(`${typeName}:${databaseId}`, 'utf8').toString('base64');
}

export interface DecodedGlobalId {
  typeName: string;
  databaseId: number;
}

/** The types whose key column is a `smallint` (see db/id-range.ts); every other type's is an `int`. */
const SMALLINT_KEYED_TYPES = new Set(['CreditRole', 'Network']);

export function maxDatabaseIdOf(typeName: string): number {
  return SMALLINT_KEYED_TYPES.has(typeName) ? MAX_SMALLINT_ID : MAX_INT_ID;
}

/**
 * Null when the text is not a global id at all: wrong encoding, no type, or a number no row of
 * that type can have (not 1 up to its key column's largest value). `node(id:)` answers null
 * for such an id, as for any other id naming nothing; `parseGlobalId` refuses it as bad input.
 */
export function decodeGlobalId(id: string): DecodedGlobalId | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(id)) return null;
  const match = /^([A-Z][A-Za-z]*):(\d{1,15})$/.exec(Buffer.from(id, 'base64').toString('utf8'));
  if (!match) return null;
  const typeName = match[1]!;
  const databaseId = Number(match[2]);
  return databaseId > 0 && databaseId <= maxDatabaseIdOf(typeName) ? { typeName, databaseId } : null;
}

/** The database id behind an argument that must name an object of `typeName`. */
export function parseGlobalId(id: string, typeName: string): number {
  const decoded = decodeGlobalId(id);
  if (!decoded || decoded.typeName !== typeName) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
  return decoded.databaseId;
}
