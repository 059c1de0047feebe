import type { EntityManager } from '@mikro-orm/postgresql';
import { searchWords } from '../../../../../domain/search.js';
import { runPostgresSearch, TYPO_CANDIDATE_SIMILARITY } from './postgres-search-query.js';
import type { SearchDocument, SearchDocumentKey, SearchEngine, SearchHit, SearchRequest } from './search-engine.js';

export { TYPO_CANDIDATE_SIMILARITY };

/**
 * The default engine, inside PostgreSQL (no other service to run). How a query is answered:
 * `runPostgresSearch` (postgres-search-query.ts).
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly name = 'postgres' as const;

  /** `walkDepth`: documents of each kind read in popularity order before the rare groups are read whole (tests make it small). */
  constructor(private readonly options: { walkDepth?: number } = {}) {}

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
      return runPostgresSearch(<Row extends object>(sql: string, params: readonly unknown[]) => tx.execute<Row[]>(sql, [...params]), words, request, this.options.walkDepth);
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

