import type { FilterQuery } from '@mikro-orm/core';
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH } from '../../../../../domain/search.js';
import { idArray } from '../../../db/prepared-read.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import type { OffsetPage } from '../../../graphql/offset-pagination.js';
import type { Viewer } from '../../users/index.js';
import { visiblePostsFilter, findPostViews, type PostView } from '../../posts/index.js';
import type { Post } from '../../posts/index.js';

export type ExploreSort = 'relevance' | 'newest';
export type CreditedStatus = 'all' | 'credited' | 'uncredited';

export interface ExploreFilters {
  /** Tags, events and locations (all are tags). */
  tagIds: readonly number[];
  /** Posts crediting these people (public credits). */
  userIds: readonly number[];
  postingAccountId: number | null;
  networkIds: readonly number[];
  text: string | null;
  creditedStatus: CreditedStatus;
}

/** Filters of one kind narrow with OR, kinds with AND — facets as Behance and Algolia do: two tags show posts with either, a tag and a network posts with both. */
const MAX_VALUES_PER_FILTER = 20;
/** Explore pages reach this deep; the best are what exploring is for. */
export const MAX_EXPLORE_DEPTH = 1_000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The posts explore shows for these filters, as an ORM filter (exported for the query cache's test). */
export function exploreFilter(viewer: Viewer | null, filters: ExploreFilters): FilterQuery<Post> {
  const conditions: Array<FilterQuery<Post>> = [visiblePostsFilter(viewer), { importStatus: 'imported', isDeleted: false }];
  for (const list of [filters.tagIds, filters.userIds, filters.networkIds]) {
    if (list.length > MAX_VALUES_PER_FILTER) throw new InvalidInput(`At most ${MAX_VALUES_PER_FILTER} values per filter`);
  }
  if (filters.tagIds.length > 0) conditions.push(tagsFilter(filters.tagIds));
  // Only public credits name people in search (credits contract).
  if (filters.userIds.length > 0) conditions.push({ credits: { $some: { user: { $in: [...filters.userIds] }, status: 'accepted' } } });
  if (filters.postingAccountId !== null) conditions.push({ account: filters.postingAccountId });
  if (filters.networkIds.length > 0) conditions.push({ network: { $in: [...filters.networkIds] } });
  if (filters.creditedStatus === 'credited') conditions.push({ credits: { $some: { status: 'accepted', user: { $ne: null } } } });
  if (filters.creditedStatus === 'uncredited') conditions.push({ credits: { $none: { status: 'accepted', user: { $ne: null } } } });
  if (filters.text) conditions.push(wordsFilter(filters.text));
  return { $and: conditions };
}

/**
 * Posts with any of the tags, as `id = any(array(select …))`, as the raw baseline spells it: the
 * tag's posts are read first (post_tags' tag index) and looked up by id, so the plan does not
 * depend on how many posts the tag has, which lets the statement be prepared; the ORM's
 * `tags: { $some }` joined posts and tags again inside the subquery and took twice as long to plan.
 */
function tagsFilter(tagIds: readonly number[]): FilterQuery<Post> {
  const byTags = raw((alias) => `${alias}.id = any(array(select pt.post_id from post_tags pt where pt.tag_id = any(?::int[])))`, [idArray(tagIds)]);
  return { [byTags]: [] };
}

/**
 * Words match the caption or the posting account's handle or display name, anywhere in them.
 * Both halves are answerable by an index, so PostgreSQL can OR two bitmaps instead of reading
 * every post (docs/perf/history.md, 1,000,000 posts): the caption through its trigram index, the
 * accounts through theirs, their posts through `posts_account_id_index`. That needs the account
 * half as `account_id = any(array(select …))`: a join (what `account: { handle }` becomes) or an
 * `in (select …)` inside an OR is a per-row filter, never an index condition.
 */
function wordsFilter(text: string): FilterQuery<Post> {
  const contains = `%${escapeLike(text)}%`;
  const byAccount = raw((alias) => `${alias}.account_id = any(array(select a.id from social_accounts a where a.handle ilike ? or a.display_name ilike ?))`, [contains, contains]);
  return { $or: [{ caption: { $ilike: contains } }, { [byAccount]: [] }] };
}

/**
 * One page of /explore: posts the viewer may see (visiblePostsFilter: private posts only to
 * those who may see them), narrowed by the filters. RELEVANCE puts the most viewed first (the
 * filters match exactly, so popularity is what tells results apart), NEWEST the latest imported.
 */
export async function explorePosts(em: EntityManager, viewer: Viewer | null, filters: ExploreFilters, sort: ExploreSort, page: OffsetPage): Promise<{ items: PostView[]; hasMore: boolean }> {
  if (filters.text !== null && filters.text.length > MAX_SEARCH_TEXT_LENGTH) throw new InvalidInput(MESSAGES.invalidQuery);
  if (filters.text !== null && isBlockedSearch(filters.text)) return { items: [], hasMore: false };
  if (page.offset > MAX_EXPLORE_DEPTH) throw new InvalidInput(`Explore pages reach the first ${MAX_EXPLORE_DEPTH} posts`);
  const orderBy = sort === 'newest' ? [{ id: 'desc' as const }] : [{ views: 'desc nulls last' as const }, { id: 'desc' as const }];
  const text = filters.text?.trim() || null;
  const rows = await findPostViews(em, exploreFilter(viewer, { ...filters, text }), {
    orderBy,
    offset: page.offset,
    limit: page.size + 1,
    // How many posts a word matches decides the plan (docs/perf/history.md, 1,000,000 posts).
    prepare: text === null,
  });
  return { items: rows.slice(0, page.size), hasMore: rows.length > page.size };
}
