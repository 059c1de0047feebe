import { vocabularyStatement, type VocabularyRow } from './postgres-search-vocabulary.js';
import { finishStatement, settle, WALK_DEPTH, walkStatement, type TypoFreeQuery, type WalkRow } from './postgres-search-typo-free.js';
import { SEARCH_DOCUMENT_KINDS, type SearchDocument, type SearchDocumentKind, type SearchHit, type SearchRequest } from './search-engine.js';

/**
 * Trigram similarity only pre-selects typo candidates from the vocabulary (through its GIN
 * index); levenshtein then decides. 0.2 keeps one typo in a 5-letter word (a changed middle
 * letter leaves about a third of the trigrams) while still using the index. A setting of the
 * session (`pg_trgm.similarity_threshold`): the caller sets it before `runPostgresSearch`.
 */
export const TYPO_CANDIDATE_SIMILARITY = '0.2';

/** Runs one statement (`?` placeholders) and returns its rows: the ORM in the engine, plain `pg` in the benchmark's raw baseline. */
export type RunSql = <Row extends object>(sql: string, params: readonly unknown[]) => Promise<Row[]>;

/**
 * How the PostgreSQL engine answers a search, the way Meilisearch does it with its word
 * dictionary and ranking rules (typos, then exact title, title prefix, exact words; ties by
 * popularity), in three statements and sometimes a fourth:
 *
 * 1. **Vocabulary** (postgres-search-vocabulary.ts): each query word (accents and case dropped) is looked up in
 *    `search_words`, the vocabulary of every indexed word: the word itself; from 5 letters, the
 *    words within its typo budget (1 from 5 letters, 2 from 9: trigram candidates, then
 *    `levenshtein`); for the last word, whether longer words start with it (prefix while typing).
 * 2. **Documents without typos** (postgres-search-typo-free.ts): most searches are answered
 *    here. Such a document's score is set by three flags (whole title equals the text, title
 *    starts with it, the last word is one of its words, not only a prefix), so a kind's best N
 *    come from its best flag groups, each ranked by popularity alone: a fixed-depth walk of each
 *    kind in popularity order fills the groups of common words and stops; the groups it leaves
 *    short (rare words) are read whole through the kind's GIN index. Before this, every match
 *    was fetched and scored (docs/perf/history.md, 1,000,000 posts: 0.1–0.9 s for common words).
 * 3. **Documents with typos**, only when the vocabulary found typo words and a kind has fewer than
 *    N documents without typos (a typo costs 100 points, more than every other point together,
 *    so they can only fill a kind's remaining places): scored one by one as before, which is
 *    cheap because a typo word is rare and the tsquery asks for one.
 *
 * The answer is the same as scoring every match and keeping the best N of each kind: within one
 * flag group the ranking is popularity alone, so a group's best N are among its first N by
 * popularity (search-engine.contract.test.ts and postgres-search-query.test.ts hold it to that).
 */
export async function runPostgresSearch(run: RunSql, words: readonly string[], request: SearchRequest, walkDepth: number = WALK_DEPTH): Promise<SearchHit[]> {
  if (words.length === 0 || request.kinds.length === 0) return [];
  const kinds = request.kinds.filter((kind) => SEARCH_DOCUMENT_KINDS.includes(kind));
  const vocabulary = await run<VocabularyRow>(...vocabularyStatement(words, request.text));
  const plan = planSearch(vocabulary);
  if (plan === null) return [];

  const typoFree = plan.typoFree === null ? [] : await bestWithoutTypos(run, kinds, request.limitPerKind, plan, plan.typoFree, walkDepth);
  const shown = new Map<SearchDocumentKind, number>();
  for (const row of typoFree) shown.set(row.kind, (shown.get(row.kind) ?? 0) + 1);
  const wanting = kinds.map((kind) => ({ kind, n: request.limitPerKind - (shown.get(kind) ?? 0) })).filter((want) => want.n > 0);
  // Every document with a typo scores below every one without (at most 958 against at least
  // 1000), so the typo rows follow the others in the final order.
  const withTypos = plan.typoWords.length === 0 || wanting.length === 0 ? [] : await run<HitRow>(...typoStatement(wanting, plan));
  return [...typoFree, ...withTypos].map(toHit);
}

/** The walk, then what it left to complete and the final order (postgres-search-typo-free.ts). */
async function bestWithoutTypos(run: RunSql, kinds: readonly SearchDocumentKind[], limit: number, plan: SearchPlan, typoFree: string, walkDepth: number): Promise<HitRow[]> {
  const query: TypoFreeQuery = { typoFree, lastExact: plan.lastExact, whole: plan.whole, wholePrefix: plan.wholePrefix, base: POINTS.base + plan.wordCount - 1, walkDepth };
  const walked = await run<WalkRow>(...walkStatement(kinds, limit, query));
  const outcomes = kinds.map((kind) => settle(kind, walked, limit, query));
  return run<HitRow>(...finishStatement(outcomes, limit, query, COLUMNS, FINAL_ORDER));
}

interface SearchPlan {
  /** The tsquery of documents matching every word without a typo; null when none can. */
  typoFree: string | null;
  /** The same with the last word whole (not a prefix); null when it is not in the vocabulary. */
  lastExact: string | null;
  /** Every alternative of every word (typos included). */
  all: string;
  typoWords: string[];
  matched: Array<{ ord: number; word: string; typos: number }>;
  budget: Array<{ ord: number; is_last: boolean; prefix: string }>;
  wordCount: number;
  whole: string;
  wholePrefix: string;
}

/** A tsquery term for one vocabulary word (no parser: the documents are `array_to_tsvector(words)`). */
const term = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The tsqueries and parameters of the document statements; null when some word matches nothing at all. */
export function planSearch(vocabulary: readonly VocabularyRow[]): SearchPlan | null {
  const rows = [...vocabulary].sort((a, b) => a.ord - b.ord);
  const last = rows.at(-1);
  if (last === undefined) return null;
  const alternatives = rows.map((row) => [
    ...(row.exact ? [term(row.word)] : []),
    ...row.typos.map(([word]) => term(word)),
    ...(row.is_last && row.prefix ? [`${term(row.word)}:*`] : []),
  ]);
  if (alternatives.some((list) => list.length === 0)) return null;
  const earlier = rows.slice(0, -1);
  const earlierExact = earlier.every((row) => row.exact);
  const lastTerm = last.prefix ? `${term(last.word)}:*` : last.exact ? term(last.word) : null;
  return {
    typoFree: earlierExact && lastTerm !== null ? [...earlier.map((row) => term(row.word)), lastTerm].join(' & ') : null,
    lastExact: earlierExact && last.exact ? rows.map((row) => term(row.word)).join(' & ') : null,
    all: alternatives.map((list) => `(${list.join(' | ')})`).join(' & '),
    typoWords: [...new Set(rows.flatMap((row) => row.typos.map(([word]) => word)))],
    matched: rows.flatMap((row) => [...(row.exact ? [{ ord: row.ord, word: row.word, typos: 0 }] : []), ...row.typos.map(([word, typos]) => ({ ord: row.ord, word, typos }))]),
    budget: rows.map((row) => ({ ord: row.ord, is_last: row.is_last, prefix: likePrefix(row.word) })),
    wordCount: rows.length,
    whole: last.whole,
    wholePrefix: likePrefix(last.whole),
  };
}

const COLUMNS = 'd.kind, d.entity_id, d.title, d.subtitle, d.image_url, d.page_key, d.tag_type_id, d.network, d.followers, d.credited_posts, d.views';
/** The final order: score, then popularity (as within a kind), then kind for a stable merge. */
const FINAL_ORDER = 'score desc, followers desc, credited_posts desc, views desc, title, kind, entity_id';
/** Exported for the tests: the ranking points (typos cost 100 each). */
export const POINTS = { base: 1000, typo: 100, exactTitle: 30, titlePrefix: 20 } as const;

type Statement = [sql: string, params: unknown[]];

/**
 * Documents with at least one typo, for the kinds still short of their `limit` (`wanting`),
 * scored as Meilisearch ranks: fewer typos, whole title, title prefix, more exact words. They
 * have at least one typo word and match every word; the typo-free ones are left out (they were
 * ranked above).
 */
function typoStatement(wanting: ReadonlyArray<{ kind: SearchDocumentKind; n: number }>, plan: SearchPlan): Statement {
  const anyTypo = plan.typoWords.map(term).join(' | ');
  const kinds = wanting.map((want) => `'${want.kind}'`).join(', ');
  const sql = `
with matched as (select m.ord, m.word, m.typos from jsonb_to_recordset(?::jsonb) as m(ord int, word text, typos int)),
budget as (select b.ord, b.is_last, b.prefix from jsonb_to_recordset(?::jsonb) as b(ord int, is_last boolean, prefix text)),
limits as (select l.kind, l.n from jsonb_to_recordset(?::jsonb) as l(kind text, n int)),
found as materialized (
  -- The index is asked for the typo words alone (rare: the GIN scan of the whole tsquery also
  -- gathered every word the last one starts, 14 ms for "golden light"); the rest is checked on the few.
  select ${COLUMNS}, d.words, search_normalize(d.title) as normalized_title
    from (select * from search_documents d where d.kind in (${kinds})${wanting.some((want) => want.kind === 'post') ? '' : ` and d.kind <> 'post'`}
            and d.document @@ ?::tsquery offset 0) d
   where d.document @@ ?::tsquery${plan.typoFree === null ? '' : ` and not d.document @@ ?::tsquery`}
),
scored as (
  select d.*,
         (select coalesce(sum(best), 0) from (
            select min(x.typos) as best from budget b cross join lateral (
              select m.typos from matched m where m.ord = b.ord and m.word = any(d.words)
              union all
              select 0 where b.is_last and exists (select 1 from unnest(d.words) as w(word) where w.word like b.prefix)
            ) x group by b.ord) t) as typos,
         (select count(distinct m.ord) from matched m where m.word = any(d.words) and m.typos = 0) as exact_words,
         d.normalized_title = ? as exact_title,
         d.normalized_title like ? as title_prefix
    from found d
),
ranked as (
  select s.*, ${POINTS.base} - ${POINTS.typo} * s.typos + ${POINTS.exactTitle} * s.exact_title::int + ${POINTS.titlePrefix} * s.title_prefix::int + s.exact_words as score
    from scored s
),
positioned as (
  select r.*, row_number() over (partition by r.kind order by r.score desc, r.followers desc, r.credited_posts desc, r.views desc, r.title, r.entity_id) as position
    from ranked r
)
select p.kind, p.entity_id, p.title, p.subtitle, p.image_url, p.page_key, p.tag_type_id, p.network, p.followers, p.credited_posts, p.views, p.score
  from positioned p join limits l on l.kind = p.kind
 where p.position <= l.n
 order by ${FINAL_ORDER}`;
  const params: unknown[] = [JSON.stringify(plan.matched), JSON.stringify(plan.budget), JSON.stringify(wanting), anyTypo, plan.all];
  if (plan.typoFree !== null) params.push(plan.typoFree);
  params.push(plan.whole, plan.wholePrefix);
  return [sql, params];
}

interface HitRow {
  kind: SearchDocument['kind'];
  entity_id: number;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  page_key: string | null;
  tag_type_id: number | null;
  network: string | null;
  followers: string | number;
  credited_posts: string | number;
  views: string | number;
  score: string | number;
}

function toHit(row: HitRow): SearchHit {
  return {
    kind: row.kind,
    entityId: Number(row.entity_id),
    title: row.title,
    subtitle: row.subtitle,
    imageUrl: row.image_url,
    pageKey: row.page_key,
    tagTypeId: row.tag_type_id === null ? null : Number(row.tag_type_id),
    network: row.network,
    followers: Number(row.followers),
    creditedPosts: Number(row.credited_posts),
    views: Number(row.views),
    score: Number(row.score),
  };
}
