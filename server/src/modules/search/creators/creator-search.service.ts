import { IsolationLevel, type EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserType } from '../../../../../domain/enums.js';
import { CREATOR_SEARCH_CALL_TIMEOUT_MS } from '../../../../../domain/constants.js';
import { GeohashError } from '../../../../../domain/geohash.js';
import { geoSearchArea, MAX_CREATOR_SEARCH_DEPTH, MAX_CREDITED_WITHIN_DAYS, MAX_CREATOR_SEARCH_VALUES, type GeoSearchArea } from '../../../../../domain/creator-search.js';
import { MESSAGES } from '../../../../../domain/messages.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH } from '../../../../../domain/search.js';
import { InvalidInput, UpstreamTimeout } from '../../../errors/app-errors.js';
import type { OffsetPage } from '../../../graphql/offset-pagination.js';
import type { Viewer } from '../../auth/sessions/viewer.js';
import { publicCreditSql } from '../../credits/credit.policy.js';
import { userIdsInList } from '../../lists/list.service.js';
import { Post } from '../../posts/post.entity.js';
import { postsOnlyViewerMaySeeFilter } from '../../posts/post.policy.js';
import { visiblePortfoliosSql, type SqlFragment } from '../../profiles/profile.policy.js';
import { User } from '../../users/user.entity.js';
import { creatorStatsSql } from './creator-stats.js';

export interface CreatorSearchFilters {
  roleIds: readonly number[];
  /** A place as a geohash (spec 5.5); its precision sets the radius. */
  geohash: string | null;
  /** One of the viewer's lists: only the people in it. */
  listId: number | null;
  networkIds: readonly number[];
  minFollowers: number | null;
  maxFollowers: number | null;
  /** Only people with a public credit added within this many days. */
  creditedWithinDays: number | null;
  /** Words of the name or username. */
  text: string | null;
}

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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** SQL pieces joined in order with their parameters (each `?` is bound by position). */
function joinSql(parts: Array<SqlFragment | string>, separator = '\n'): SqlFragment {
  const fragments = parts.map((part) => (typeof part === 'string' ? { sql: part, params: [] } : part));
  return { sql: fragments.map((part) => part.sql).join(separator), params: fragments.flatMap((part) => part.params) };
}

const sql = (text: string, ...params: unknown[]): SqlFragment => ({ sql: text, params });

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
 * People who could be found at all, narrowed by what needs no portfolio: creators (not
 * companies) with a username (a profile to open), in the list, matching the words, inside the
 * place's cells. Role and recency are pre-narrowed here by their public credits (indexed); the
 * visibility of those credits' posts is checked below, on the portfolio.
 */
function candidatesSql(filters: CreatorSearchFilters, text: string | null, area: GeoSearchArea | null, listUserIds: number[] | null): SqlFragment {
  const conditions: SqlFragment[] = [sql(`u."username" is not null and u."user_type" is distinct from ?`, UserType.Company)];
  if (listUserIds !== null) conditions.push(sql(`u."id" in (select (jsonb_array_elements_text(?::jsonb))::int)`, JSON.stringify(listUserIds)));
  if (text !== null) {
    const contains = `%${escapeLike(text)}%`;
    conditions.push(sql(`(u."name" ilike ? or u."username" ilike ? or ? <% u."name" or ? <% u."username")`, contains, contains, text, text));
  }
  if (area !== null) {
    conditions.push(joinSql([sql('('), joinSql(area.cellPrefixes.map((prefix) => sql(`u."location_geohash" like ?`, `${prefix}%`)), ' or '), sql(')')], ''));
  }
  if (filters.roleIds.length > 0) {
    conditions.push(sql(`u."id" in (select c."user_id" from "credits" c where ${publicCreditSql('c')} and c."role_id" in (select (jsonb_array_elements_text(?::jsonb))::int))`, JSON.stringify(filters.roleIds)));
  }
  if (filters.creditedWithinDays !== null) {
    conditions.push(sql(`u."id" in (select c."user_id" from "credits" c where ${publicCreditSql('c')} and c."created_at" >= now() - make_interval(days => ?))`, filters.creditedWithinDays));
  }
  return joinSql([sql('select u."id" from "users" u where'), joinSql(conditions, ' and ')]);
}

const IDS_OF = (json: string) => sql('array(select (jsonb_array_elements_text(?::jsonb))::int)', json);

/** More people than this whose stored totals do not hold, and the search works out everyone's (a slow pass). */
const MAX_LIVE_PEOPLE = 1000;

export interface CreatorSearchLimits {
  /** The statement timeout: spec 9's minute unless a test says otherwise. */
  timeoutMs?: number;
  /** See MAX_LIVE_PEOPLE. */
  maxLivePeople?: number;
  /** Ignore the stored totals and work out every candidate's portfolio: the reference tests compare with. */
  liveOnly?: boolean;
}

/**
 * The people among the candidates whose stored public totals (`creator_stats`) do not hold for
 * this viewer, so their totals are worked out live: those still queued in the search outbox (a
 * change not yet drained; the drain updates their totals in the commit that removes the row) and
 * those whose portfolio holds a post only this viewer may see (their private posts and stories,
 * private posts they are credited on). `'everyone'` when there are too many to list: just after
 * a migration or a reindex, or for an admin, who may see every private post.
 */
async function peopleToWorkOutLive(tx: EntityManager, viewer: Viewer | null, candidates: SqlFragment, maxLivePeople: number): Promise<readonly number[] | 'everyone'> {
  const onlyViewer = postsOnlyViewerMaySeeFilter(viewer);
  const privatePostIds =
    onlyViewer === null
      ? []
      : (await tx.find(Post, onlyViewer, { fields: ['id'], limit: maxLivePeople + 1 })).map((post) => post.id);
  if (privatePostIds.length > maxLivePeople) return 'everyone';
  const parts = [joinSql([sql(`(select o."entity_id" as "owner" from "search_outbox" o where o."kind" = 'user' and o."entity_id" in (`), candidates, sql(') limit ?)', maxLivePeople + 1)], '')];
  if (privatePostIds.length > 0) parts.push(joinSql([sql('(select pp."owner" from ('), visiblePortfoliosSql(tx, viewer, null, { postIds: privatePostIds }), sql(') pp)')], ''));
  const query = joinSql(parts, ' union ');
  const rows = await tx.execute<Array<{ owner: number }>>(query.sql, query.params);
  return rows.length > maxLivePeople ? 'everyone' : rows.map((row) => Number(row.owner));
}

/** Which of the person's totals (as `"ranked"` columns) each filter looks at. */
function filterConditions(filters: CreatorSearchFilters): SqlFragment[] {
  const conditions: SqlFragment[] = [];
  if (filters.roleIds.length > 0) conditions.push(joinSql([sql('ranked."role_ids" &&'), IDS_OF(JSON.stringify(filters.roleIds))], ' '));
  if (filters.creditedWithinDays !== null) conditions.push(sql('ranked."last_credited_at" >= now() - make_interval(days => ?)', filters.creditedWithinDays));
  if (filters.networkIds.length > 0) conditions.push(joinSql([sql('ranked."network_ids" &&'), IDS_OF(JSON.stringify(filters.networkIds))], ' '));
  if (filters.minFollowers !== null) conditions.push(sql('ranked."followers" >= ?', filters.minFollowers));
  if (filters.maxFollowers !== null) conditions.push(sql('ranked."followers" <= ?', filters.maxFollowers));
  return conditions;
}

type HitRow = Record<string, unknown> & { followers: string | number; credited_posts: string | number; total_views: string | number; distance_km: string | number | null };

/** The ranking's columns beside the person's own, left out when the row becomes a User. */
const RANKING_COLUMNS = ['followers', 'credited_posts', 'total_views', 'distance_km', 'relevance', 'role_ids', 'network_ids', 'last_credited_at', 'live_id'] as const;

/**
 * One page of the creator search, ranked by relevance (how well the name or username matches
 * the words; nearest first within a place), then popularity: followers of their verified
 * accounts, credited posts, views of those posts. Position cursors, as relevance has no stable key.
 *
 * The numbers are those of each person's portfolio as the viewer sees it (only posts the viewer
 * may see, only public credits), so a private post or a pending credit never finds anyone. They
 * come from the stored public totals, except for the few people `peopleToWorkOutLive` names, so
 * a page costs the same whether 100 or 100,000 people match. Both statements read one snapshot.
 */
export async function searchCreators(
  em: EntityManager,
  viewer: Viewer,
  filters: CreatorSearchFilters,
  page: OffsetPage,
  { timeoutMs = CREATOR_SEARCH_CALL_TIMEOUT_MS, maxLivePeople = MAX_LIVE_PEOPLE, liveOnly = false }: CreatorSearchLimits = {},
): Promise<{ items: CreatorHit[]; hasMore: boolean }> {
  checkFilters(filters);
  if (page.offset > MAX_CREATOR_SEARCH_DEPTH) throw new InvalidInput(`The creator search reaches the first ${MAX_CREATOR_SEARCH_DEPTH} people`);
  const text = filters.text?.trim() || null;
  if (text !== null && isBlockedSearch(text)) return { items: [], hasMore: false };
  const area = areaOf(filters.geohash);
  // Someone else's list (or none) is "not found", as on its own page; its people are never shown.
  const listUserIds = filters.listId === null ? null : await userIdsInList(em, viewer, filters.listId);
  if (listUserIds !== null && listUserIds.length === 0) return { items: [], hasMore: false };

  const candidates = candidatesSql(filters, text, area, listUserIds);
  const relevance = text === null ? sql('0::real') : sql(`greatest(word_similarity(?, coalesce(u."name", '')), word_similarity(?, u."username"), case when u."name" ilike ? or u."username" ilike ? then 1 else 0 end)`, text, text, `${escapeLike(text)}%`, `${escapeLike(text)}%`);
  const distance =
    area === null
      ? sql('null::double precision')
      : sql(
          `case when u."location_geohash" is null then null else 2 * 6371.0088 * asin(least(1, sqrt(
             power(sin(radians((geohash_centre(u."location_geohash"))[1] - ?) / 2), 2)
             + cos(radians(?)) * cos(radians((geohash_centre(u."location_geohash"))[1])) * power(sin(radians((geohash_centre(u."location_geohash"))[2] - ?) / 2), 2)))) end`,
          area.lat,
          area.lat,
          area.lon,
        );
  const where = [...(area === null ? [] : [sql('ranked."distance_km" <= ?', area.radiusKm)]), ...filterConditions(filters)];

  const rows = await inOneSnapshot(em, timeoutMs, async (tx) => {
    const live = liveOnly ? 'everyone' : await peopleToWorkOutLive(tx, viewer, candidates, maxLivePeople);
    const liveStats = creatorStatsSql(tx, viewer, live === 'everyone' ? { subquery: sql('select "id" from "candidates"') } : { ids: live });
    // A person's live totals replace their stored ones whole (the stored row is not joined then).
    const query = joinSql([
      sql('with "candidates" as ('),
      candidates,
      sql('), "live" as ('),
      liveStats,
      sql(`), "ranked" as (select u.*, l."user_id" as "live_id",
             coalesce(l."posts", s."posts", 0) as "credited_posts", coalesce(l."views", s."views", 0) as "total_views",
             coalesce(l."followers", s."followers", 0) as "followers", coalesce(l."role_ids", s."role_ids", '{}') as "role_ids",
             coalesce(l."network_ids", s."network_ids", '{}') as "network_ids", coalesce(l."last_credited_at", s."last_credited_at") as "last_credited_at", `),
      relevance,
      sql(' as "relevance", '),
      distance,
      sql(` as "distance_km"
           from "candidates" cand join "users" u on u."id" = cand."id"
           left join "live" l on l."user_id" = u."id"
           left join "creator_stats" s on s."user_id" = u."id" and l."user_id" is null)
        select * from "ranked"`),
      ...(where.length > 0 ? [sql('where'), joinSql(where, ' and ')] : []),
      sql(`order by "relevance" desc, "distance_km" asc nulls last, "followers" desc, "credited_posts" desc, "total_views" desc, "id" asc offset ? limit ?`, page.offset, page.size + 1),
    ]);
    return tx.execute<HitRow[]>(query.sql, query.params);
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
 * Creator search calls get a minute (spec 9); past it the database stops and the caller hears
 * "Timeout". Repeatable read: who is queued and the stored totals are read at the same moment.
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
