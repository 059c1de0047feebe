import type { EntityManager } from '@mikro-orm/postgresql';
import { TagType } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH, searchableText } from '../../../../domain/search.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { searchOpenJobs, type JobSearchHit } from '../jobs/index.js';
import type { SearchEngine, SearchHit } from './engine/search-engine.js';

/** Results per group of the box (the product sets no number; a dropdown shows about this many). */
export const TOP_SEARCH_PER_GROUP = 5;

/** The server search response, grouped as the box shows it. */
export interface TopSearchResults {
  people: SearchHit[];
  tags: SearchHit[];
  events: SearchHit[];
  roles: SearchHit[];
  locations: SearchHit[];
  postingAccounts: SearchHit[];
  /** Open jobs, from the jobs table itself (jobs module: searchOpenJobs). */
  jobs: JobSearchHit[];
}

export function emptyTopSearch(): TopSearchResults {
  return { people: [], tags: [], events: [], roles: [], locations: [], postingAccounts: [], jobs: [] };
}

/**
 * What the global box shows for typed text. Nothing for a lone # or @ or for a blocked term
 * (docs/product.md §Search); "Invalid query" for text over 100 characters. Only public things are
 * indexed (see search-documents.ts), so the answer is the same for every viewer, signed in or not.
 */
export async function topSearch(em: EntityManager, engine: SearchEngine, rawText: string): Promise<TopSearchResults> {
  if (rawText.length > MAX_SEARCH_TEXT_LENGTH) throw new InvalidInput(MESSAGES.invalidQuery);
  const text = searchableText(rawText);
  if (text === null || isBlockedSearch(text)) return emptyTopSearch();
  // Tags of three groups (tags, events, locations) come from one kind: ask for enough of each.
  const [hits, jobs] = await Promise.all([engine.search(em, { text, kinds: ['user', 'tag', 'role', 'account'], limitPerKind: TOP_SEARCH_PER_GROUP * 3 }), searchOpenJobs(em, text, TOP_SEARCH_PER_GROUP)]);
  const results = emptyTopSearch();
  for (const hit of hits) results[groupOf(hit)].push(hit);
  for (const group of INDEXED_GROUPS) results[group] = results[group].slice(0, TOP_SEARCH_PER_GROUP);
  results.jobs = jobs;
  return results;
}

const INDEXED_GROUPS = ['people', 'tags', 'events', 'roles', 'locations', 'postingAccounts'] as const;

function groupOf(hit: SearchHit): (typeof INDEXED_GROUPS)[number] {
  switch (hit.kind) {
    case 'user':
      return 'people';
    case 'role':
      return 'roles';
    case 'account':
      return 'postingAccounts';
    case 'tag':
      return hit.tagTypeId === TagType.event ? 'events' : hit.tagTypeId === TagType.location ? 'locations' : 'tags';
    case 'post':
      throw new Error('posts are not part of the top search');
  }
}
