/**
 * Search pages keep their filters in the URL (/explore, /creators, /jobs, a job's applicants
 * table: the route list's query parameters), so a search can be shared and the back button steps
 * through changes. These are the pieces every such page reads and writes the query string with.
 */
import { creditRoleById, type CreditRole } from '@domain/credit-roles';

/** One filter as a removable chip: the query parameter and value it came from, and what it reads. */
export interface Chip {
  parameter: string;
  value: string;
  label: string;
}

/** `{name}~{id}` → name and id; null when the id is not a positive whole number. */
export function splitNamed(value: string): { name: string; id: number } | null {
  const at = value.lastIndexOf('~');
  const id = Number(value.slice(at + 1));
  return at > 0 && Number.isSafeInteger(id) && id > 0 ? { name: value.slice(0, at), id } : null;
}

/**
 * Page links carry database ids (`{name}~{id}`, as the route list defines them); the API takes
 * global ids, which are "Type:id" in base64.
 */
export function globalId(type: string, id: number): string {
  return btoa(`${type}:${id}`);
}

/** The parameters without one chip's value (the others stay, in order). */
export function withoutChip(params: URLSearchParams, chip: Chip): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!(key === chip.parameter && value === chip.value)) next.append(key, value);
  return next;
}

/** The parameters with `key` set (or removed for null). */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

/** The parameters with `key` holding exactly these values, in order (none: removed). */
export function withValues(params: URLSearchParams, key: string, values: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  for (const value of values) next.append(key, value);
  return next;
}

/** The parameters without any of `keys` (Clear all). */
export function withoutParams(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  return keys.reduce((next, key) => withParam(next, key, null), params);
}

/** Credit roles written as `{name}~{id}` under `key` (repeatable), known ones only, once each. */
export function readRoles(params: URLSearchParams, key: string): CreditRole[] {
  return [...new Set(params.getAll(key).flatMap((value) => splitNamed(value)?.id ?? []))].flatMap((id) => creditRoleById(id) ?? []);
}

/** How a role is written in an address: `{name}~{id}`, readable and still exact. */
export function namedRole(role: Pick<CreditRole, 'id' | 'name'>): string {
  return `${role.name}~${role.id}`;
}

/** A place written as `{name}~{geohash}` under `key`: its geohash and the name to show (the geohash when unnamed). */
export function readPlace(params: URLSearchParams, key: string): { geohash: string; name: string } | null {
  const geo = params.get(key);
  if (!geo) return null;
  const at = geo.lastIndexOf('~');
  const geohash = geo.slice(at + 1);
  return { geohash, name: at > 0 ? geo.slice(0, at) : geohash };
}
