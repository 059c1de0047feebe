import type { EntityManager } from '@mikro-orm/postgresql';
import { Meilisearch, type MultiSearchParams, type Settings } from 'meilisearch';
import { documentKey, type SearchDocument, type SearchDocumentKey, type SearchEngine, type SearchHit, type SearchRequest } from './search-engine.js';

/** A Meilisearch document: the index document plus its key (Meilisearch ids allow a-z, 0-9, - and _). */
type MeiliDocument = SearchDocument & { key: string; pageKeyCompact: string | null };

/**
 * The same promises as the PostgreSQL engine (see search-engine.ts): Meilisearch's defaults
 * already allow one typo from 5 letters and two from 9, match the last word as a prefix and
 * ignore accents and case; popularity breaks ties after its relevance rules.
 */
const SETTINGS: Settings = {
  searchableAttributes: ['title', 'subtitle', 'pageKey', 'pageKeyCompact'],
  filterableAttributes: ['kind'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness', 'followers:desc', 'creditedPosts:desc', 'views:desc'],
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
};

/** Waiting for an indexing task: the drain commits only once Meilisearch has applied its writes. */
const TASK_TIMEOUT_MS = 30_000;

export class MeilisearchEngine implements SearchEngine {
  readonly name = 'meilisearch' as const;
  private readonly client: Meilisearch;
  private ready: Promise<void> | null = null;

  constructor(
    host: string,
    apiKey: string | null,
    private readonly indexUid = 'byline_search',
  ) {
    this.client = new Meilisearch({ host, apiKey: apiKey ?? undefined });
  }

  /** Creates the index and applies its settings once per process (both are idempotent). */
  private ensureIndex(): Promise<void> {
    this.ready ??= (async () => {
      await this.client.createIndex(this.indexUid, { primaryKey: 'key' }).waitTask({ timeout: TASK_TIMEOUT_MS });
      await this.client.index(this.indexUid).updateSettings(SETTINGS).waitTask({ timeout: TASK_TIMEOUT_MS });
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async upsert(_tx: EntityManager, documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.ensureIndex();
    const rows: MeiliDocument[] = documents.map((document) => ({
      ...document,
      key: documentKey(document),
      pageKeyCompact: document.pageKey ? document.pageKey.replace(/[^\p{L}\p{N}]+/gu, '') : null,
    }));
    const task = await this.client.index<MeiliDocument>(this.indexUid).addDocuments(rows).waitTask({ timeout: TASK_TIMEOUT_MS });
    if (task.status !== 'succeeded') throw new Error(`Meilisearch did not index the documents: ${task.error?.message ?? task.status}`);
  }

  async remove(_tx: EntityManager, keys: readonly SearchDocumentKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.ensureIndex();
    const task = await this.client.index(this.indexUid).deleteDocuments(keys.map(documentKey)).waitTask({ timeout: TASK_TIMEOUT_MS });
    if (task.status !== 'succeeded') throw new Error(`Meilisearch did not remove the documents: ${task.error?.message ?? task.status}`);
  }

  async clear(): Promise<void> {
    await this.ensureIndex();
    await this.client.index(this.indexUid).deleteAllDocuments().waitTask({ timeout: TASK_TIMEOUT_MS });
  }

  async search(_em: EntityManager, request: SearchRequest): Promise<SearchHit[]> {
    if (request.kinds.length === 0) return [];
    await this.ensureIndex();
    const { results } = await this.client.multiSearch<MultiSearchParams, MeiliDocument>({
      queries: request.kinds.map((kind) => ({
        indexUid: this.indexUid,
        q: request.text,
        filter: `kind = "${kind}"`,
        limit: request.limitPerKind,
        showRankingScore: true,
        // Every word must match, as in the PostgreSQL engine (Meilisearch's default drops words).
        matchingStrategy: 'all' as const,
      })),
    });
    const hits: SearchHit[] = [];
    for (const result of results) {
      for (const hit of result.hits) {
        const { key: _key, pageKeyCompact: _compact, _rankingScore, ...document } = hit as MeiliDocument & { _rankingScore?: number };
        hits.push({ ...document, score: _rankingScore ?? 0 });
      }
    }
    // Meilisearch ranks within a kind; across kinds its scores compare, popularity breaks ties.
    return hits.sort((a, b) => b.score - a.score || b.followers - a.followers || b.creditedPosts - a.creditedPosts || b.views - a.views);
  }
}
