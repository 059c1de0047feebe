import { InvalidInput } from './app-errors.js';

/**
 * Text PostgreSQL refuses to store: a NUL character (in text or jsonb), or half of a UTF-16
 * surrogate pair, which JSON can carry (`"\uD800"`) but is no Unicode character (jsonb refuses
 * it; text columns would silently store U+FFFD instead). A query carrying either fails as a 500
 * or stores something else than was sent, so every edge refuses it as bad input.
 */
export const NUL = '\u0000';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const LONE_SURROGATE_MESSAGE = 'Text must not contain unpaired surrogate characters.';

// Without the `u` flag a pattern matches UTF-16 code units, so it sees the halves of a pair.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The message that refuses `text`, or null when PostgreSQL can store it as it is. */
export function unstorableTextMessage(text: string): string | null {
  if (text.includes(NUL)) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
}

export function nulCharacterError(field: string): InvalidInput {
  return new InvalidInput(NUL_MESSAGE, { field });
}

export interface UnstorableText {
  /** The dotted path (`fields.note`, `ids.2`) of the text, `''` for the value itself. */
  path: string;
  message: string;
}

/**
 * The first text (a string or an object key) inside a parsed value that PostgreSQL could not
 * store, or null. Walks with its own stack: a 100 kB JSON body can nest deeper than the call
 * stack allows.
 */
export function findUnstorableText(value: unknown, rootPath = ''): UnstorableText | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: rootPath }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const message = unstorableTextMessage(current);
      if (message !== null) return { path: item.path, message };
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        const message = unstorableTextMessage(key);
        // The key is named without what made it unstorable: the path is shown back to the client.
        if (message !== null) return { path: joinPath(item.path, key.replaceAll(NUL, '').replace(LONE_SURROGATES, '')), message };
        pending.push({ value: inner, path: joinPath(item.path, key) });
      }
    }
  }
  return null;
}

function joinPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}
