import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { searchWords } from '../../../../../domain/search.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { PostgresSearchEngine } from './postgres-search.engine.js';
import { TYPO_CANDIDATE_SIMILARITY } from './postgres-search-query.js';
import type { SearchDocument, SearchHit, SearchRequest } from './search-engine.js';

const env = useTestServer();

/**
 * The statement the engine used before it stopped early (main before the SearchTopN migration):
 * it fetched every document matching the words and scored each one, so it is the plain statement
 * of the ranking. The engine's answer must be the same, row for row.
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
   -- A typo costs 100 and the other points add up to less (8 words at most): a kind with enough
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


async function reference(em: EntityManager, request: SearchRequest): Promise<Array<Pick<SearchHit, 'kind' | 'entityId' | 'score'>>> {
  const words = searchWords(request.text);
  const withPosts = request.kinds.includes('post');
  return em.transactional(async (tx) => {
    await tx.execute(`select set_config('pg_trgm.similarity_threshold', ?, true)`, [TYPO_CANDIDATE_SIMILARITY]);
    const rows = await tx.execute<Array<{ kind: SearchHit['kind']; entity_id: number; score: string }>>(searchSql(withPosts), [
      JSON.stringify(words), JSON.stringify(words), words.at(-1) ?? '', request.text, JSON.stringify(request.kinds), request.limitPerKind, request.limitPerKind,
    ]);
    return rows.map((row) => ({ kind: row.kind, entityId: Number(row.entity_id), score: Number(row.score) }));
  });
}

/** A made-up word of `length` letters, so no other test's data matches. */
function word(length: number): string {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

function typo(text: string, index: number): string {
  return text.slice(0, index) + (text[index] === 'y' ? 'o' : 'y') + text.slice(index + 1);
}

const TOP_SEARCH_KINDS = ['user', 'tag', 'role', 'account'] as const;
/** Posts are never walked (the popularity index leaves them out): every group of theirs goes through the completions. */
const WITH_POSTS = ['post', 'user'] as const;

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

describe('the top search stops after the best N of a kind', () => {
  // A walk of 25 documents per kind leaves most groups to be completed from the GIN and title
  // indexes; one of 1,000 reads these documents whole. Both must answer the same.
  it.each([25, 1_000])('answers as scoring every match would, at every limit, with typos, prefixes and whole titles (walk of %i)', async (walkDepth) => {
    const engine = new PostgresSearchEngine({ walkDepth });
    // A small pool of words (with typo and prefix relatives) spread over many documents, so the
    // flag groups overlap and popularity ties happen; ids far from any real row.
    const base = [word(5), word(6), word(9), word(4)];
    const pool = [...base, typo(base[0]!, 2), `${base[1]}${word(2)}`, typo(typo(base[2]!, 1), 5), `${base[3]}${word(3)}`, word(7)];
    const firstId = 1_000_000 + randomInt(1_000_000);
    const documents: SearchDocument[] = Array.from({ length: 400 }, (_, index) => {
      const title = Array.from({ length: 1 + randomInt(3) }, () => pick(pool)).join(' ');
      return {
        kind: pick(['user', 'account', 'tag', 'post'] as const),
        entityId: firstId + index,
        title: index % 7 === 0 ? base[randomInt(4)]! : title,
        subtitle: null,
        imageUrl: null,
        pageKey: null,
        tagTypeId: null,
        network: null,
        followers: pick([0, 0, 10, 500, 500, 9_000]),
        creditedPosts: pick([0, 1, 2]),
        views: pick([0, 100]),
      };
    });
    await env.server.orm.em.fork().transactional((tx) => engine.upsert(tx, documents));

    const texts = [
      base[0]!, base[1]!, base[2]!, base[3]!, base[1]!.slice(0, 3), base[3]!.slice(0, 2), typo(base[0]!, 3), typo(typo(base[2]!, 2), 6),
      `${base[0]} ${base[1]}`, `${base[3]} ${base[1]!.slice(0, 4)}`, `${typo(base[0]!, 1)} ${base[3]}`, `${base[2]} ${pool[5]}`, word(6),
    ];
    for (const text of texts) {
      for (const [kinds, limitPerKind] of [1, 3, 15, 400].flatMap((limit) => [[TOP_SEARCH_KINDS, limit], [WITH_POSTS, limit]] as const)) {
        const request: SearchRequest = { text, kinds, limitPerKind };
        const em = env.server.orm.em.fork();
        const ours = (await engine.search(em, request)).map(({ kind, entityId, score }) => ({ kind, entityId, score }));
        expect(ours, `"${text}", ${kinds.join('+')}, ${limitPerKind} per kind`).toEqual(await reference(em, request));
      }
    }
  });
});
