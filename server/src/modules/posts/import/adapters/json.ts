/**
 * Reading JSON we did not write (oEmbed answers, JSON-LD, embedded page data) without
 * trusting its shape: every read checks the type and gives null when it is not there.
 */

export type JsonObject = { readonly [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed value, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function valueAt(value: unknown, ...path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isJsonObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** A non-blank string at `path`. */
export function stringAt(value: unknown, ...path: readonly string[]): string | null {
  const found = valueAt(value, ...path);
  return typeof found === 'string' && found.trim() !== '' ? found : null;
}

/** A count at `path`; networks send numbers both as JSON numbers and as digit strings. */
export function numberAt(value: unknown, ...path: readonly string[]): number | null {
  const found = valueAt(value, ...path);
  if (typeof found === 'number') return Number.isFinite(found) ? found : null;
  if (typeof found === 'string' && /^\d+$/.test(found.trim())) return Number(found.trim());
  return null;
}
