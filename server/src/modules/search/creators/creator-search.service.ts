import { IsolationLevel, type EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CREATOR_SEARCH_CALL_TIMEOUT_MS } from '../../../../../domain/constants.js';
import { GeohashError } from '../../../../../domain/geohash.js';
import { geoSearchArea, MAX_CREATOR_SEARCH_DEPTH, MAX_CREDITED_WITHIN_DAYS, MAX_CREATOR_SEARCH_VALUES, type GeoSearchArea } from '../../../../../domain/creator-search.js';
import * as MESSAGES from '../../../../../domain/messages.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH } from '../../../../../domain/search.js';
import { InvalidInput, UpstreamTimeout } from '../../../errors/app-errors.js';
import type { OffsetPage } from '../../../graphql/offset-pagination.js';
import { isAdminViewer, type Viewer } from '../../users/index.js';
import { userIdsInList } from '../../lists/index.js';
import { postNumbersQuery, postsOnlyViewerMaySeeFilters } from '../../posts/index.js';
import type { SqlFragment } from '../../profiles/index.js';
import { User } from '../../users/index.js';
import { candidatesSql, filtersLookAtSets, COMMON_WORD_MATCHES, commonWordSql, DENSE_WORD_MATCHES, creatorPageSql, joinSql, sql, type CreatorQuery, type CreatorSearchFilters, type CreatorTotals } from './creator-search-sql.js';
import { creatorStatsSql, privateContributionSql } from './creator-stats.js';

export type { CreatorSearchFilters } from './creator-search-sql.js';

/** One result: the person and the numbers the search ranked them by, as the viewer may see them. */
export interface CreatorHit {
  user: User;
  followers: number;
  creditedPosts: number;
  views: number;
  /** From the searched place's centre; null without a place filter or a place of their own. */
  distanceKm: number | null;
}

const POSTGRES_QUERY_CANCELED = '57014';

function checkFilters(filters: CreatorSearchFilters): void {
  if (filters.roleIds.length > MAX_CREATOR_SEARCH_VALUES || filters.networkIds.length > MAX_CREATOR_SEARCH_VALUES) {
    throw new InvalidInput(`At most ${MAX_CREATOR_SEARCH_VALUES} values per filter`);
  }
  for (const [name, value] of [['minFollowers', filters.minFollowers], ['maxFollowers', filters.maxFollowers]] as const) {
    if (value !== null && (!Number.isSafeInteger(value) || value < 0)) throw new InvalidInput(`${name} must be a whole number, 0 or more`, { field: name });
  }
  if (filters.minFollowers !== null && filters.maxFollowers !== null && filters.minFollowers > filters.maxFollowers) {
    throw new InvalidInput('minFollowers must not be more than maxFollowers', { field: 'minFollowers' });
  }
  const days = filters.creditedWithinDays;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_CREDITED_WITHIN_DAYS)) {
    throw new InvalidInput(`creditedWithinDays must be between 1 and ${MAX_CREDITED_WITHIN_DAYS}`, { field: 'creditedWithinDays' });
  }
  if (filters.text !== null && filters.text.length > MAX_SEARCH_TEXT_LENGTH) throw new InvalidInput(MESSAGES.invalidQuery);
}

function areaOf(geohash: string | null): GeoSearchArea | null {
  if (geohash === null) return null;
  try {
    return geoSearchArea(geohash.trim().toLowerCase());
  } catch (error) {
    if (error instanceof GeohashError) throw new InvalidInput(error.message, { field: 'geohash' });
    throw error;
  }
}

/**
 * People queued in the search outbox whose totals are worked out live, at most: beyond it (just
 * after a migration or a reindex queues everyone) the rest are answered from their last stored
 * totals until the drain reaches them, rather than working out every candidate's portfolio.
 */
const MAX_LIVE_PEOPLE = 200;

export interface CreatorSearchLimits {
  /** The statement timeout: the minute of docs/product.md §Constants unless a test says otherwise. */
  timeoutMs?: number;
  /** See MAX_LIVE_PEOPLE. */
  maxLivePeople?: number;
  /** Ignore the stored totals and work out every candidate's portfolio: the reference tests compare with. */
  liveOnly?: boolean;
  /** See CreatorQuery's `denseWord` (DENSE_WORD_MATCHES unless a test says otherwise). */
  denseWordMatches?: number;
}

/**
 * The candidates still queued in the search outbox (a change not yet drained; the drain updates
 * their totals in the commit that removes the row), whose stored totals may be stale: at most
 * `max`, the longest queued first.
 */
async function queuedPeople(tx: EntityManager, candidates: SqlFragment, max: number): Promise<number[]> {
  if (max <= 0) return [];
  const query = joinSql([sql(`select o."entity_id" as "owner" from "search_outbox" o where o."kind" = 'user' and o."entity_id" in (`), candidates, sql(') order by o."queued_at", o."entity_id" limit ?', max)], '');
  const rows = await tx.execute<Array<{ owner: number }>>(query.sql, query.params);
  return rows.map((row) => Number(row.owner));
}

/**
 * The posts only this viewer may see (their private posts and stories, private posts they are
 * credited on) with their numbers, one indexed lookup per way of seeing them, found from the
 * viewer's own rows: a subquery of (id, views, network_id), or null when there are none (most
 * members), known from one row.
 */
async function postsOnlyViewerMaySee(tx: EntityManager, viewer: Viewer): Promise<SqlFragment | null> {
  const ways = postsOnlyViewerMaySeeFilters(viewer).map((filter) => postNumbersQuery(tx, filter));
  if (ways.length === 0) return null;
  const params = ways.flatMap((way) => way.params);
  const [row] = await tx.execute<Array<{ any: boolean }>>(`select exists (${ways.map((way) => `(${way.sql})`).join(' union all ')}) as "any"`, params);
  return row?.any ? { sql: ways.map((way) => `(${way.sql})`).join(' union '), params } : null;
}

/**
 * Where this viewer's totals come from, none of it a pass over everyone. Signed out and for most
 * members, the stored public totals as they are. An admin may see every post: the stored
 * all-posts totals. A member with posts only they may see: the stored public totals plus what
 * those posts add, worked out from the viewer's own rows. For everyone, the few people still
 * queued in the outbox are worked out live.
 */
async function totalsFor(
  tx: EntityManager,
  viewer: Viewer | null,
  filters: CreatorSearchFilters,
  candidates: SqlFragment,
  { maxLivePeople, liveOnly }: { maxLivePeople: number; liveOnly: boolean },
): Promise<CreatorTotals> {
  const admin = isAdminViewer(viewer);
  const stored = admin ? 'creator_stats_all' : 'creator_stats';
  if (liveOnly) return { stored, live: 'everyone', liveStats: creatorStatsSql(tx, viewer, { subquery: candidates }), mine: null };
  const live = await queuedPeople(tx, candidates, maxLivePeople);
  const mine = viewer === null || admin ? null : await postsOnlyViewerMaySee(tx, viewer);
  return { stored, live, liveStats: creatorStatsSql(tx, viewer, { ids: live }), mine: mine === null ? null : privateContributionSql(tx, mine, { withSets: filtersLookAtSets(filters) }) };
}

/** See CreatorQuery's `commonWord` and `denseWord`: a count of names holding the words that stops past the larger limit. */
async function wordSpread(tx: EntityManager, query: CreatorQuery, denseWordMatches: number): Promise<Pick<CreatorQuery, 'commonWord' | 'denseWord'>> {
  const count = commonWordSql(query, Math.max(COMMON_WORD_MATCHES, denseWordMatches) + 1);
  const [row] = await tx.execute<Array<{ n: string | number }>>(count.sql, count.params);
  const names = Number(row?.n ?? 0);
  return { commonWord: names > COMMON_WORD_MATCHES, denseWord: names > denseWordMatches };
}

type HitRow = Record<string, unknown> & { followers: string | number; credited_posts: string | number; total_views: string | number; distance_km: string | number | null };

/** The ranking's columns beside the person's own, left out when the row becomes a User. */
const RANKING_COLUMNS = ['followers', 'credited_posts', 'total_views', 'distance_km', 'relevance'] as const;

/**
 * One page of the creator search, ranked by relevance (how well the name or username matches
 * the words; nearest first within a place), then popularity: followers of their verified
 * accounts, credited posts, views of those posts. Position cursors, as relevance has no stable key.
 *
 * The numbers are those of each person's portfolio as the viewer sees it (only posts the viewer
 * may see, only public credits), so a private post or a pending credit never finds anyone. They
 * come from stored totals (`totalsFor`), corrected from the viewer's own rows and for the few
 * people still queued, so a page costs about the same whether 100 or 100,000 people match and
 * whoever asks. Signed-out visitors (`viewer` null) see what public posts say. Its statements
 * read one snapshot.
 */
export async function searchCreators(
  em: EntityManager,
  viewer: Viewer | null,
  filters: CreatorSearchFilters,
  page: OffsetPage,
  { timeoutMs = CREATOR_SEARCH_CALL_TIMEOUT_MS, maxLivePeople = MAX_LIVE_PEOPLE, liveOnly = false, denseWordMatches = DENSE_WORD_MATCHES }: CreatorSearchLimits = {},
): Promise<{ items: CreatorHit[]; hasMore: boolean }> {
  checkFilters(filters);
  if (page.offset > MAX_CREATOR_SEARCH_DEPTH) throw new InvalidInput(`The creator search reaches the first ${MAX_CREATOR_SEARCH_DEPTH} people`);
  const text = filters.text?.trim() || null;
  if (text !== null && isBlockedSearch(text)) return { items: [], hasMore: false };
  const area = areaOf(filters.geohash);
  // Someone else's list (or none) is "not found", as on its own page; its people are never shown.
  const listUserIds = filters.listId === null ? null : await userIdsInList(em, viewer, filters.listId);
  if (listUserIds !== null && listUserIds.length === 0) return { items: [], hasMore: false };

  const rows = await inOneSnapshot(em, timeoutMs, async (tx) => {
    const asked: CreatorQuery = { filters, text, area, listUserIds };
    const query: CreatorQuery = text !== null && !liveOnly ? { ...asked, ...(await wordSpread(tx, asked, denseWordMatches)) } : asked;
    const candidates = candidatesSql(query);
    const statement = creatorPageSql(query, await totalsFor(tx, viewer, filters, candidates, { maxLivePeople, liveOnly }), page);
    return tx.execute<HitRow[]>(statement.sql, statement.params);
  });

  const items = rows.slice(0, page.size).map((row) => {
    const columns: Record<string, unknown> = { ...row };
    for (const column of RANKING_COLUMNS) delete columns[column];
    return {
      user: em.map(User, columns as EntityDictionary<User>),
      followers: Number(row.followers),
      creditedPosts: Number(row.credited_posts),
      views: Number(row.total_views),
      distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    };
  });
  return { items, hasMore: rows.length > page.size };
}

/**
 * Creator search calls get a minute (docs/product.md §Constants); past it the database stops and
 * the caller hears "Timeout". Repeatable read: who is queued and the stored totals are read at the
 * same moment.
 */
async function inOneSnapshot<T>(em: EntityManager, timeoutMs: number, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await em.transactional(
      async (tx) => {
        await tx.execute(`select set_config('statement_timeout', ?, true)`, [`${Math.max(1, Math.round(timeoutMs))}ms`]);
        return work(tx);
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === POSTGRES_QUERY_CANCELED) throw new UpstreamTimeout(MESSAGES.timeout);
    throw error;
  }
}
