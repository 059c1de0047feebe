/**
 * Checks that Byline and the raw baseline answered with the same data: every field both answers
 * carry must be equal (objects by their common keys, lists item by item and of the same length).
 * Numbers compare by value whatever their JSON spelling ("12" and 12: bigints), timestamps by the
 * instant to the millisecond (PostgreSQL writes microseconds and an offset, GraphQL an ISO "Z").
 */

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

export interface Comparison {
  /** How many leaf values both answers had and were compared. */
  compared: number;
  /** The first difference, with its path; null when none. */
  difference: string | null;
}

export function compareAnswers(ours: unknown, raw: unknown): Comparison {
  const state: Comparison = { compared: 0, difference: null };
  walk(ours, raw, 'data', state);
  return state;
}

function walk(ours: unknown, raw: unknown, path: string, state: Comparison): void {
  if (state.difference) return;
  if (Array.isArray(ours) || Array.isArray(raw)) {
    if (!Array.isArray(ours) || !Array.isArray(raw) || ours.length !== raw.length) {
      state.difference = `${path}: ours has ${describe(ours)}, raw SQL has ${describe(raw)}`;
      return;
    }
    ours.forEach((item, index) => walk(item, raw[index], `${path}[${index}]`, state));
    return;
  }
  if (isObject(ours) && isObject(raw)) {
    for (const key of Object.keys(ours)) if (key in raw) walk(ours[key], raw[key], `${path}.${key}`, state);
    return;
  }
  state.compared++;
  if (!sameValue(ours, raw)) state.difference = `${path}: ours ${JSON.stringify(ours)}, raw SQL ${JSON.stringify(raw)}`;
}

function sameValue(ours: unknown, raw: unknown): boolean {
  if (ours === raw) return true;
  if (ours === null || raw === null || ours === undefined || raw === undefined) return false;
  if (typeof ours === 'number' || typeof raw === 'number') return Number(ours) === Number(raw);
  if (typeof ours === 'string' && typeof raw === 'string' && TIMESTAMP.test(ours) && TIMESTAMP.test(raw)) return Date.parse(ours) === Date.parse(raw);
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return Array.isArray(value) ? `${value.length} items` : JSON.stringify(value)?.slice(0, 80) ?? 'nothing';
}
