import { InvalidInput } from './app-errors.js';

/** PostgreSQL stores no NUL character in text or jsonb: a query carrying one fails as a 500. */
export const NUL = '\u0000';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

export function nulCharacterError(field: string): InvalidInput {
  return new InvalidInput(NUL_MESSAGE, { field });
}

/**
 * The dotted path (`fields.note`, `ids.2`) of the first text holding a NUL character inside a
 * parsed value, or null. Walks with its own stack: a 100 kB JSON body can nest deeper than
 * the call stack allows.
 */
export function findNulCharacter(value: unknown, rootPath = ''): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: rootPath }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return item.path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes(NUL)) return joinPath(item.path, key.replaceAll(NUL, ''));
        pending.push({ value: inner, path: joinPath(item.path, key) });
      }
    }
  }
  return null;
}

function joinPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}
