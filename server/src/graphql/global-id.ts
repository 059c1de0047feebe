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

/** Null when the text is not a global id at all (wrong encoding, no type, not a positive integer). */
export function decodeGlobalId(id: string): DecodedGlobalId | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(id)) return null;
  const match = /^([A-Z][A-Za-z]*):(\d{1,15})$/.exec(Buffer.from(id, 'base64').toString('utf8'));
  if (!match) return null;
  const databaseId = Number(match[2]);
  return Number.isSafeInteger(databaseId) && databaseId > 0 ? { typeName: match[1]!, databaseId } : null;
}

/** The database id behind an argument that must name an object of `typeName`. */
export function parseGlobalId(id: string, typeName: string): number {
  const decoded = decodeGlobalId(id);
  if (!decoded || decoded.typeName !== typeName) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
  return decoded.databaseId;
}
