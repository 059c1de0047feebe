import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_SEARCH_WORDS, searchWords } from '../../../../../domain/search.js';
import type { SearchDocument, SearchDocumentKey, SearchEngine, SearchHit, SearchRequest } from './search-engine.js';

/**
 * Trigram similarity only pre-selects typo candidates from the vocabulary (through its GIN
 * index); levenshtein then decides. 0.2 keeps one typo in a 5-letter word (a changed middle
 * letter leaves about a third of the trigrams) while still using the index.
 */
export const TYPO_CANDIDATE_SIMILARITY = '0.2';

/**
 * The default engine, inside PostgreSQL (no other service to run).
 *
 * How a query is answered, the way Meilisearch does it with its word dictionary:
 * 1. Each query word (accents and case dropped) is looked up in `search_words`, the vocabulary
 *    of every indexed word: the word itself; and, from 5 letters, words within the allowed
 *    number of typos (1 from 5 letters, 2 from 9): candidates by trigram similarity (GIN), then
 *    kept when `levenshtein` (fuzzystrmatch) is within the budget. The last word also matches
 *    every word it starts (prefix search while typing) when the vocabulary has one
 *    (`text_pattern_ops` index).
 * 2. Documents must contain a match for every query word: one full-text query
 *    (`(w1 | w1') & (w2 | w2' | w2:*)`) against the GIN-indexed `document` tsvector.
 * 3. Ranking, as Meilisearch's rules: fewer typos first, then the whole title matching the
 *    query, then the title starting with it, then more words matched exactly (not as prefix);
 *    ties by popularity (followers, credited posts, views). The best `limitPerKind` of each kind.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly name = 'postgres' as const;

  async upsert(tx: EntityManager, documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await tx.execute(UPSERT_SQL, [JSON.stringify(documents)]);
    await tx.execute(
      `insert into search_words (word) select distinct unnest(words) from search_documents d
        join jsonb_to_recordset(?::jsonb) as k(kind text, "entityId" int) on d.kind = k.kind and d.entity_id = k."entityId"
       on conflict do nothing`,
      [JSON.stringify(documents.map(({ kind, entityId }) => ({ kind, entityId })))],
    );
  }

  async remove(tx: EntityManager, keys: readonly SearchDocumentKey[]): Promise<void> {
    if (keys.length === 0) return;
    await tx.execute(
      `delete from search_documents d using jsonb_to_recordset(?::jsonb) as k(kind text, "entityId" int) where d.kind = k.kind and d.entity_id = k."entityId"`,
      [JSON.stringify(keys)],
    );
  }

  async clear(tx: EntityManager): Promise<void> {
    await tx.execute('truncate search_documents, search_words');
  }

  async search(em: EntityManager, request: SearchRequest): Promise<SearchHit[]> {
    const words = searchWords(request.text);
    if (words.length === 0 || request.kinds.length === 0) return [];
    // The trigram threshold is a setting of the session: `set local` keeps it to this transaction.
    return em.transactional(async (tx) => {
      await tx.execute(`select set_config('pg_trgm.similarity_threshold', ?, true)`, [TYPO_CANDIDATE_SIMILARITY]);
      const statement = searchStatement(words, request);
      const rows = await tx.execute<HitRow[]>(statement.sql, statement.params);
      return rows.map(toHit);
    });
  }
}

const UPSERT_SQL = `
insert into search_documents (kind, entity_id, title, subtitle, image_url, page_key, tag_type_id, network, words, document, followers, credited_posts, views, indexed_at)
select d.kind, d."entityId", d.title, d.subtitle, d."imageUrl", d."pageKey", d."tagTypeId", d.network, w.words, array_to_tsvector(w.words),
       d.followers, d."creditedPosts", d.views, now()
  from jsonb_to_recordset(?::jsonb) as d(kind text, "entityId" int, title text, subtitle text, "imageUrl" text, "pageKey" text,
                                         "tagTypeId" int, network text, followers bigint, "creditedPosts" bigint, views bigint)
  -- A handle or username is also one word without its dots and underscores ("jane.doe_photo" →
  -- "janedoephoto"), so it is found typed either way.
  cross join lateral (
    select coalesce(array_agg(distinct word order by word), '{}'::text[]) as words
      from unnest(search_words_of(d.title || ' ' || coalesce(d.subtitle, '') || ' ' || coalesce(d."pageKey", ''))
                  || regexp_replace(search_normalize(coalesce(d."pageKey", '')), '[^[:alnum:]]+', '', 'g')) as word
     where word <> '' and length(word) <= 40
  ) w
on conflict (kind, entity_id) do update set
  title = excluded.title, subtitle = excluded.subtitle, image_url = excluded.image_url, page_key = excluded.page_key,
  tag_type_id = excluded.tag_type_id, network = excluded.network, words = excluded.words, document = excluded.document,
  followers = excluded.followers, credited_posts = excluded.credited_posts, views = excluded.views, indexed_at = excluded.indexed_at`;

/**
 * The search statement (`?` placeholders) and its parameters. Exported for the benchmark's raw SQL
 * baseline (bench/raw-server.ts), which runs this very statement without the ORM and GraphQL.
 */
export function searchStatement(words: readonly string[], request: SearchRequest): { sql: string; params: unknown[] } {
  return {
    sql: request.kinds.includes('post') ? SEARCH_SQL_WITH_POSTS : SEARCH_SQL_WITHOUT_POSTS,
    params: [JSON.stringify(words), JSON.stringify(words), words.at(-1) ?? '', request.text, JSON.stringify(request.kinds), request.limitPerKind, request.limitPerKind],
  };
}

/**
 * Two things keep this fast on a big index (bench/README.md, 1,000,000 posts):
 * - The last word's prefix is a prefix in the tsquery ('direc':*, which GIN answers from a range of
 *   its keys), not a list of every vocabulary word it starts: a handle's first word starts
 *   thousands of joined handles ("northwind" → "northwindcoffee123", …).
 * - Without posts among the kinds (the top search), `kind <> 'post'` lets the partial GIN index
 *   of the other documents answer, so a word common in captions does not fetch every post.
 * - The tsquery reaches the documents as a scalar subquery (`@@ (select q from query)`), which
 *   the planner can hand to the GIN index; joined from the CTE it tested every document in turn.
 * - A document matching every word without a typo (`found.typo_free`: the earlier words are among
 *   its words, one of its words starts with the last) is scored by plain expressions (its typos
 *   are 0, its exact words the count minus one plus the last word itself); only documents with
 *   typos go through the per-document subqueries, and only in a kind with too few without. Most
 *   searches with thousands of matches ("maya", "northwind_") have no typo, and the subqueries
 *   were most of their time.
 */
/**
 * The last word's LIKE prefix from its own parameter, not from the tokens CTE: a pattern known when
 * the statement is planned lets the `text_pattern_ops` index answer (from a CTE it was a scan of
 * the whole vocabulary, 620,000 words at 1,000,000 posts).
 */
const LAST_WORD_PREFIX = `replace(replace(replace(search_normalize(?::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

const searchSql = (withPosts: boolean) => `
with tokens as (
  select x.ord::int as ord, search_normalize(x.t) as t, x.ord = jsonb_array_length(?::jsonb) as is_last
    from jsonb_array_elements_text(?::jsonb) with ordinality as x(t, ord)
),
budget as (
  select ord, t, is_last, case when length(t) >= 9 then 2 when length(t) >= 5 then 1 else 0 end as allowed,
         replace(replace(replace(t, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as prefix
    from tokens
),
matched as (
  select b.ord, b.t as word, 0 as typos from budget b
   where exists (select 1 from search_words w where w.word = b.t)
  union all
  select b.ord, w.word, levenshtein(w.word, b.t) from budget b join search_words w on w.word % b.t
   where b.allowed > 0 and w.word <> b.t and not (b.is_last and w.word like b.prefix)
     and abs(length(w.word) - length(b.t)) <= b.allowed and levenshtein(w.word, b.t) <= b.allowed
),
alternatives as (
  select b.ord, concat_ws(' | ', (select string_agg(quote_literal(m.word), ' | ') from matched m where m.ord = b.ord),
                          case when b.is_last and exists (select 1 from search_words w where w.word like ${LAST_WORD_PREFIX} and w.word <> b.t) then quote_literal(b.t) || ':*' end) as alternatives
    from budget b
),
query as (
  select to_tsquery('simple', string_agg('(' || alternatives || ')', ' & ')) as q, count(*) as matched_tokens
    from alternatives where alternatives <> ''
),
whole as (select search_normalize(trim(?::text)) as text),
-- What a document needs to match every word without a typo: the earlier words themselves, and a
-- word starting with the last one (the words are letters and digits, so " word" in the words
-- joined by spaces is a word start).
without_typos as (
  select coalesce(array_agg(t) filter (where not is_last), '{}') as earlier,
         '% ' || max(replace(replace(replace(t, '\\', '\\\\'), '%', '\\%'), '_', '\\_')) filter (where is_last) || '%' as last_start,
         max(t) filter (where is_last) as last_word, count(*) as word_count
    from tokens
),
found as materialized (
  select d.*, d.words @> f.earlier and ' ' || array_to_string(d.words, ' ') like f.last_start as typo_free
    from without_typos f, search_documents d
   where (select matched_tokens from query) = (select count(*) from tokens)
     and d.document @@ (select q from query)
     and d.kind = any(array(select jsonb_array_elements_text(?::jsonb)))${withPosts ? '' : `
     and d.kind <> 'post'`}
),
typo_free_per_kind as (select kind, count(*) filter (where typo_free) as documents from found group by kind),
scored as (
  select d.*,
         case when d.typo_free then 0 else (select coalesce(sum(best), 0) from (
            select min(x.typos) as best from budget b cross join lateral (
              select m.typos from matched m where m.ord = b.ord and m.word = any(d.words)
              union all
              select 0 where b.is_last and exists (select 1 from unnest(d.words) as w(word) where w.word like b.prefix)
            ) x group by b.ord) t) end as typos,
         case when d.typo_free then f.word_count - 1 + (d.words @> array[f.last_word])::int
              else (select count(distinct m.ord) from matched m where m.word = any(d.words) and m.typos = 0) end as exact_words,
         normalized.title = whole.text as exact_title,
         normalized.title like replace(replace(replace(whole.text, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as title_prefix
    from whole, without_typos f, found d cross join lateral (select search_normalize(d.title) as title) normalized
   -- A typo costs 100 and the other points add up to less (${MAX_SEARCH_WORDS} words at most): a kind with enough
   -- documents matching without typos never shows one with a typo, so those are not scored.
   where d.typo_free or (select c.documents from typo_free_per_kind c where c.kind = d.kind) < ?
),
ranked as (
  select s.*, 1000 - 100 * s.typos + 30 * s.exact_title::int + 20 * s.title_prefix::int + s.exact_words as score,
         row_number() over (partition by s.kind order by 1000 - 100 * s.typos + 30 * s.exact_title::int + 20 * s.title_prefix::int + s.exact_words desc,
                                                   s.followers desc, s.credited_posts desc, s.views desc, s.title, s.entity_id) as position
    from scored s
)
select kind, entity_id, title, subtitle, image_url, page_key, tag_type_id, network, followers, credited_posts, views, score
  from ranked where position <= ?
 order by score desc, followers desc, credited_posts desc, views desc, title, kind, entity_id`;

const SEARCH_SQL_WITH_POSTS = searchSql(true);
const SEARCH_SQL_WITHOUT_POSTS = searchSql(false);

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
