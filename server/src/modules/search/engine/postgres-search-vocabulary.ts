import { allowedTypos } from '../../../../../domain/search.js';

/**
 * The vocabulary statement: how each query word can match, the way Meilisearch matches a word
 * against its word dictionary. Per word (accents and case dropped by `search_normalize`): whether
 * the vocabulary (`search_words`) has it; from 5 letters, its words within the typo budget (1
 * from 5 letters, 2 from 9: trigram candidates, then `levenshtein`); for the last word, whether
 * longer words start with it (prefix while typing).
 *
 * One subquery per word with the word as a constant, so the planner can use:
 * - the `text_pattern_ops` index for the last word's prefix (a pattern from a CTE was a scan of
 *   the whole vocabulary, 620,000 words at 1,000,000 posts);
 * - a trigram index of the words of about the word's length (`search_words_trgm_<lo>_<hi>_index`,
 *   migration SearchTopN) for the typo candidates. The whole-vocabulary trigram index answered
 *   "studio" with 11,722 candidates, 10,822 of them long handles that contain it and were thrown
 *   away only after reading each from the table (0.1–0.4 s); a word within two typos is at most
 *   two letters longer or shorter.
 */

/** The length bands of the partial trigram indexes: [4k + 1, 4k + 8], so every typo window (at most 5 lengths wide) fits one. */
export const TRIGRAM_BANDS: ReadonlyArray<readonly [number, number]> = Array.from({ length: 10 }, (_, k) => [4 * k + 1, 4 * k + 8] as const);

/** The band whose index holds every word within `word`'s typo budget, by length; null when it allows none. */
export function trigramBand(word: string): readonly [number, number] | null {
  const allowed = allowedTypos(word);
  if (allowed === 0) return null;
  const length = [...word].length;
  return TRIGRAM_BANDS.find(([lo, hi]) => lo <= length - allowed && length + allowed <= hi) ?? null;
}

export interface VocabularyRow {
  ord: number;
  /** The word as the index stores it (search_normalize). */
  word: string;
  is_last: boolean;
  /** The word itself is in the vocabulary. */
  exact: boolean;
  /** Last word only: longer vocabulary words start with it. */
  prefix: boolean;
  /** Vocabulary words within the typo budget, with their distance. */
  typos: Array<[string, number]>;
  /** The whole text normalised, for the title flags. */
  whole: string;
}

const LIKE_ESCAPE = (sql: string) => `replace(replace(replace(${sql}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * The statement and its parameters for `words` (already split and normalised by `searchWords`;
 * PostgreSQL normalises again, its own way) and the whole `text`.
 */
export function vocabularyStatement(words: readonly string[], text: string): [sql: string, params: unknown[]] {
  const params: unknown[] = [];
  const rows = words.map((raw, index) => {
    const isLast = index === words.length - 1;
    // Every placeholder of a row is this word (so their order within the row does not matter),
    // except the whole text, which ends the row and is pushed last.
    const word = () => {
      params.push(raw);
      return 'search_normalize(?::text)';
    };
    const allowed = () => `(case when length(${word()}) >= 9 then 2 when length(${word()}) >= 5 then 1 else 0 end)`;
    const band = trigramBand(raw);
    const exact = `exists (select 1 from search_words w where w.word = ${word()})`;
    const prefix = isLast ? `exists (select 1 from search_words w where w.word like ${LIKE_ESCAPE(word())} || '%' and w.word <> ${word()})` : 'false';
    // The band holds the words of the right lengths if PostgreSQL's normalised word is as long as
    // ours (it is, but for letters unaccent spells with two, like æ); otherwise the condition
    // folds to true and the whole vocabulary's trigram index answers.
    const inBand = band === null ? 'true' : `(length(${word()}) <> ${[...raw].length} or length(w.word) between ${band[0]} and ${band[1]})`;
    const notPrefix = isLast ? `not w.word like ${LIKE_ESCAPE(word())} || '%'` : 'true';
    const typos = `coalesce((select jsonb_agg(jsonb_build_array(w.word, levenshtein(w.word, ${word()})) order by w.word) from search_words w
        where ${allowed()} > 0 and w.word % ${word()} and ${inBand} and w.word <> ${word()} and ${notPrefix}
          and abs(length(w.word) - length(${word()})) <= ${allowed()} and levenshtein(w.word, ${word()}) <= ${allowed()}), '[]'::jsonb)`;
    const row = `select ${index + 1} as ord, ${word()} as word, ${isLast} as is_last, ${exact} as exact, ${prefix} as prefix, ${typos} as typos, search_normalize(trim(?::text)) as whole`;
    params.push(text);
    return row;
  });
  return [rows.join('\nunion all\n'), params];
}
