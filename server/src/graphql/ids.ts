import { InvalidInput } from '../errors/app-errors.js';

/** GraphQL IDs arrive as strings; ours are positive integers. */
export function parseId(id: string): number {
  const value = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(value) || value <= 0) throw new InvalidInput('Invalid id', { id });
  return value;
}
