/**
 * Pure rules of search shared by the server's engines and the client's box (docs/product.md
 * §Search).
 */

/** Shortcut entries (creator, post and image content search) appear from this many characters. */
export const SEARCH_SHORTCUTS_FROM_CHARACTERS = 3;
/**
 * The box waits this long after the last keystroke before it asks the server (the spec says the
 * calls are debounced but not how long; 250 ms is what GitHub's and Algolia's boxes use: a
 * word typed at speed costs one request, a pause is answered at once).
 */
export const SEARCH_DEBOUNCE_MS = 250;
/** Longer text is refused with "Invalid query". */
export const MAX_SEARCH_TEXT_LENGTH = 100;
/** Words of a query beyond this many are ignored (each one widens the candidate set). */
export const MAX_SEARCH_WORDS = 8;
/** Words longer than this are neither indexed nor searched (no real name or tag is longer). */
export const MAX_SEARCH_WORD_LENGTH = 40;

/**
 * Typo tolerance as Meilisearch's defaults: words under 5 letters must match exactly, from 5
 * letters one typo is allowed, from 9 letters two.
 */
export const ONE_TYPO_FROM_LETTERS = 5;
export const TWO_TYPOS_FROM_LETTERS = 9;

export function allowedTypos(word: string): 0 | 1 | 2 {
  const letters = [...word].length;
  if (letters >= TWO_TYPOS_FROM_LETTERS) return 2;
  if (letters >= ONE_TYPO_FROM_LETTERS) return 1;
  return 0;
}

/** Lower case without accents ("Zoë Ågren" → "zoe agren"), as the index stores words. */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a query as the index splits them: letters and digits, accents and case dropped. */
export function searchWords(text: string): string[] {
  const words = normaliseForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= MAX_SEARCH_WORD_LENGTH);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Null when there is nothing to search: empty text, or a typed # or @ alone (docs/product.md
 * §Search). A leading # or @ is otherwise dropped: "#sunset" searches for "sunset".
 */
export function searchableText(rawText: string): string | null {
  const text = rawText.trim().replace(/^[#@]+/, '').trim();
  return searchWords(text).length === 0 ? null : text;
}

/**
 * NFL-related terms (docs/product.md §Search: searches naming the NFL or its teams answer nothing):
 * a search containing one of these phrases returns nothing. The spec does not list them; these are
 * the league's own names and marks. Team nicknames alone ("eagles", "giants", "bears") are NOT
 * blocked — they are everyday words a wildlife or event photographer searches for — but the full
 * team names are.
 */
export const BLOCKED_SEARCH_PHRASES: readonly string[] = [
  'nfl',
  'national football league',
  'super bowl',
  'superbowl',
  'nfl draft',
  'pro bowl',
  'arizona cardinals', 'atlanta falcons', 'baltimore ravens', 'buffalo bills', 'carolina panthers',
  'chicago bears', 'cincinnati bengals', 'cleveland browns', 'dallas cowboys', 'denver broncos',
  'detroit lions', 'green bay packers', 'houston texans', 'indianapolis colts', 'jacksonville jaguars',
  'kansas city chiefs', 'las vegas raiders', 'los angeles chargers', 'los angeles rams', 'miami dolphins',
  'minnesota vikings', 'new england patriots', 'new orleans saints', 'new york giants', 'new york jets',
  'philadelphia eagles', 'pittsburgh steelers', 'san francisco 49ers', 'seattle seahawks',
  'tampa bay buccaneers', 'tennessee titans', 'washington commanders',
];

const BLOCKED_WORD_SEQUENCES: readonly string[] = BLOCKED_SEARCH_PHRASES.map((phrase) => ` ${searchWordsUnbounded(phrase).join(' ')} `);

function searchWordsUnbounded(text: string): string[] {
  return normaliseForSearch(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** Whether the query holds a blocked phrase as whole words ("#NFL", "Super-Bowl LX", "nfl draft 2026"). */
export function isBlockedSearch(text: string): boolean {
  const words = ` ${searchWordsUnbounded(text).join(' ')} `;
  return BLOCKED_WORD_SEQUENCES.some((sequence) => words.includes(sequence));
}
