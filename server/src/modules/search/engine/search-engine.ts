import type { EntityManager } from '@mikro-orm/postgresql';

/** What the index holds: people, tags, credit roles, posting accounts and public posts. */
export const SEARCH_DOCUMENT_KINDS = ['user', 'tag', 'role', 'account', 'post'] as const;
export type SearchDocumentKind = (typeof SEARCH_DOCUMENT_KINDS)[number];

export interface SearchDocumentKey {
  kind: SearchDocumentKind;
  entityId: number;
}

/** One searchable thing as the index stores it (built from the source tables by search-documents.ts). */
export interface SearchDocument extends SearchDocumentKey {
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  /** What the result's link needs beside the id: a username, a tag's or role's name. */
  pageKey: string | null;
  tagTypeId: number | null;
  /** The network's name, for accounts and posts. */
  network: string | null;
  /** Popularity, compared in this order when relevance ties. */
  followers: number;
  creditedPosts: number;
  views: number;
}

export interface SearchHit extends SearchDocument {
  /** Higher is better; comparable within one search only. */
  score: number;
}

export interface SearchRequest {
  /** Already checked: not blocked, within the length limit. */
  text: string;
  kinds: readonly SearchDocumentKind[];
  /** The best this many of each kind. */
  limitPerKind: number;
}

/**
 * A search engine: where documents go and how they are found. Both engines promise the same
 * behaviour (search-engine.contract.test.ts): every word of the query must match (exactly,
 * with the typos its length allows, or — for the last word, which may still be being typed —
 * as a prefix), accents and case are ignored, and results rank by relevance (fewer typos,
 * exact words before prefixes) and then by popularity (followers, credited posts, views).
 */
export interface SearchEngine {
  readonly name: 'postgres' | 'meilisearch';
  /** Writes documents (replacing those with the same key). `tx` is the drain's transaction. */
  upsert(tx: EntityManager, documents: readonly SearchDocument[]): Promise<void>;
  remove(tx: EntityManager, keys: readonly SearchDocumentKey[]): Promise<void>;
  /** Empties the index (reindex). */
  clear(tx: EntityManager): Promise<void>;
  search(em: EntityManager, request: SearchRequest): Promise<SearchHit[]>;
}

export function documentKey(key: SearchDocumentKey): string {
  return `${key.kind}-${key.entityId}`;
}
