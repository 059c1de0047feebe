import { UserType } from '../../../../../domain/enums.js';
import type { GeoSearchArea } from '../../../../../domain/creator-search.js';
import type { OffsetPage } from '../../../graphql/offset-pagination.js';
import { idArray } from '../../../db/prepared-read.js';
import { openToWorkCondition, type SqlFragment } from '../../profiles/index.js';
import type { StoredTotals } from './creator-stats.js';

/** The creator search's filters, as the service has checked them. */
export interface CreatorSearchFilters {
  roleIds: readonly number[];
  /** A place as a geohash (docs/product.md §Search); its precision sets the radius. */
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
  /** Only people who say they are open to work (docs/product.md §Profiles). */
  openToWork?: boolean;
}

export const sql = (text: string, ...params: unknown[]): SqlFragment => ({ sql: text, params });

/** SQL pieces joined in order with their parameters (each `?` is bound by position). */
export function joinSql(parts: Array<SqlFragment | string>, separator = '\n'): SqlFragment {
  const fragments = parts.map((part) => (typeof part === 'string' ? { sql: part, params: [] } : part));
  return { sql: fragments.map((part) => part.sql).join(separator), params: fragments.flatMap((part) => part.params) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Ids as one array parameter: the planner sees its values (a subquery's it would not), so it can
 * weigh `role_ids && …` by the column's statistics and drive the query from the place's index.
 */
const IDS_OF = (ids: readonly number[]) => sql('?::int[]', idArray(ids));

/** What the search asks, in the terms of its SQL. */
export interface CreatorQuery {
  filters: CreatorSearchFilters;
  text: string | null;
  area: GeoSearchArea | null;
  listUserIds: readonly number[] | null;
  /**
   * The words are in more names than COMMON_WORD_MATCHES: only names that contain them are
   * candidates (no near spellings), and of the stored totals only the best-ranked
   * COMMON_WORD_MATCHES of them are scored, taken in the ranking index's order.
   */
  commonWord?: boolean;
  /**
   * A common word in so many names (over DENSE_WORD_MATCHES) that the ranking index's walk meets
   * its 500 quickly; otherwise the names holding it are found first (the trigram indexes) and
   * only their stored totals ranked, where a walk would pass many names that do not hold it.
   */
  denseWord?: boolean;
}

/** More names than this holding the words, and they are a common word (see CreatorQuery). */
export const COMMON_WORD_MATCHES = 500;
/** More names than this holding a common word, and it is dense (see CreatorQuery). */
export const DENSE_WORD_MATCHES = 5_000;

/**
 * People who could be found at all (`u` is the person's users row), narrowed by what needs no
 * portfolio: creators (not companies) with a username (a profile to open), in the list, matching
 * the words, inside the place's cells. Roles, recency, networks and followers look at totals.
 */
export function candidateConditions(query: CreatorQuery): SqlFragment {
  const { text, area, listUserIds, filters } = query;
  const conditions: SqlFragment[] = [sql(`u."username" is not null and u."user_type" is distinct from ?`, UserType.Company)];
  if (filters.openToWork) conditions.push(openToWorkCondition('u'));
  if (listUserIds !== null) conditions.push(joinSql([sql('u."id" = any('), IDS_OF(listUserIds), sql(')')], ''));
  if (text !== null) {
    const contains = `%${escapeLike(text)}%`;
    if (query.commonWord) conditions.push(sql(`(u."name" ilike ? or u."username" ilike ?)`, contains, contains));
    else conditions.push(sql(`(u."name" ilike ? or u."username" ilike ? or ? <% u."name" or ? <% u."username")`, contains, contains, text, text));
  }
  if (area !== null) {
    conditions.push(joinSql([sql('('), joinSql(area.cellPrefixes.map((prefix) => sql(`u."location_geohash" like ?`, `${prefix}%`)), ' or '), sql(')')], ''));
  }
  return joinSql(conditions, ' and ');
}

/** How well the name or username matches the words (1 for a prefix); null without words. */
function relevanceSql(text: string | null): SqlFragment | null {
  if (text === null) return null;
  const prefix = `${escapeLike(text)}%`;
  return sql(`greatest(word_similarity(?, coalesce(u."name", '')), word_similarity(?, u."username"), case when u."name" ilike ? or u."username" ilike ? then 1 else 0 end)`, text, text, prefix, prefix);
}

/**
 * Kilometres from the place's centre to the centre of the person's own cell (haversine); null
 * without a place. Reads `cell."centre"` (CELL_CENTRE_JOIN), worked out once per person.
 */
function distanceSql(area: GeoSearchArea | null): SqlFragment | null {
  if (area === null) return null;
  return sql(
    `(case when cell."centre" is null then null else 2 * 6371.0088 * asin(least(1, sqrt(
       power(sin(radians(cell."centre"[1] - ?) / 2), 2)
       + cos(radians(?)) * cos(radians(cell."centre"[1])) * power(sin(radians(cell."centre"[2] - ?) / 2), 2)))) end)`,
    area.lat,
    area.lat,
    area.lon,
  );
}

// `offset 0` keeps the subquery from being folded into each use of the distance (the select, the
// radius and the order), which would decode the geohash (a PL/pgSQL function) several times a row.
const CELL_CENTRE_JOIN = 'cross join lateral (select geohash_centre(u."location_geohash") as "centre" offset 0) cell';

/** The filters that look at a person's totals (`t` has creator_stats' columns) and place. */
function totalsConditions({ filters, area }: CreatorQuery, t: string): SqlFragment[] {
  const conditions: SqlFragment[] = [];
  if (filters.roleIds.length > 0) conditions.push(joinSql([sql(`${t}."role_ids" &&`), IDS_OF(filters.roleIds)], ' '));
  if (filters.creditedWithinDays !== null) conditions.push(sql(`${t}."last_credited_at" >= now() - make_interval(days => ?)`, filters.creditedWithinDays));
  if (filters.networkIds.length > 0) conditions.push(joinSql([sql(`${t}."network_ids" &&`), IDS_OF(filters.networkIds)], ' '));
  if (filters.minFollowers !== null) conditions.push(sql(`${t}."followers" >= ?`, filters.minFollowers));
  if (filters.maxFollowers !== null) conditions.push(sql(`${t}."followers" <= ?`, filters.maxFollowers));
  const distance = distanceSql(area);
  if (area !== null && distance !== null) conditions.push(joinSql([distance, sql('<= ?', area.radiusKm)], ' '));
  return conditions;
}

/**
 * The people of one source of totals (`t`: the stored `creator_stats` or the live ones) as narrow
 * ranked rows: id, numbers, relevance and distance. Relevance and distance are left out of the
 * order when they are the same for everyone, so without words or a place the stored rows are
 * read in the order of their ranking index and the walk stops at the page's end.
 */
function rankedRowsSql(query: CreatorQuery, source: string | SqlFragment, t: string, extra: SqlFragment[], limit: number | null, prefiltered = false): SqlFragment {
  const relevance = relevanceSql(query.text);
  const distance = distanceSql(query.area);
  const order = [
    ...(relevance ? [joinSql([relevance, sql('desc')], ' ')] : []),
    ...(distance ? [joinSql([distance, sql('asc nulls last')], ' ')] : []),
    sql(`${t}."followers" desc, ${t}."posts" desc, ${t}."views" desc, ${t}."user_id" asc`),
  ];
  return joinSql([
    sql(`select ${t}."user_id" as "id", ${t}."followers", ${t}."posts" as "credited_posts", ${t}."views" as "total_views",`),
    relevance ?? sql('0::real'),
    sql('as "relevance",'),
    distance ?? sql('null::double precision'),
    sql('as "distance_km" from'),
    typeof source === 'string' ? sql(source) : source,
    sql(`join "users" u on u."id" = ${t}."user_id" ${distance ? CELL_CENTRE_JOIN : ''} where`),
    typeof source !== 'string' && prefiltered ? sql('true') : joinSql([candidateConditions(query), ...totalsConditions(query, t), ...extra], ' and '),
    ...(limit === null ? [] : [sql('order by'), joinSql(order, ', '), sql('limit ?', limit)]),
  ]);
}

/**
 * The changed totals to rank (`l`). Without words or a place they rank by their numbers alone, so
 * they come sorted: each person's users row is then read in that order until the page is full,
 * rather than for each of the thousands a viewer's own posts may touch.
 */
function freshSource(query: CreatorQuery, changed: Array<SqlFragment | string>): SqlFragment {
  const sorted = query.text === null && query.area === null ? ' order by c."followers" desc, c."posts" desc, c."views" desc, c."user_id"' : '';
  return joinSql(['(select * from (', joinSql(changed, ' '), `) c${sorted}) l`], '');
}

const PAGE_ORDER = (of: string) => `${of}"relevance" desc, ${of}"distance_km" asc nulls last, ${of}"followers" desc, ${of}"credited_posts" desc, ${of}"total_views" desc, ${of}"id" asc`;

/** Where one viewer's totals come from (see `searchCreators`). */
export interface CreatorTotals {
  /** The stored totals that hold for this viewer: the public ones, or every post's (admins). */
  stored: StoredTotals;
  /** People whose totals are worked out live (queued in the outbox), or every candidate. */
  live: readonly number[] | 'everyone';
  /** The live people's totals, in creator_stats' columns. */
  liveStats: SqlFragment;
  /** Per person, what the posts only the viewer may see add to the stored totals; null when none. */
  mine: SqlFragment | null;
}

/**
 * The stored totals to rank (`s`): for a common word without a place, only the best-ranked
 * COMMON_WORD_MATCHES people whose names hold it, read in the ranking index's order, so how well
 * each name matches is worked out for those alone rather than for every match. They are
 * filtered here, so the ranking around them (`prefiltered`) filters nothing again.
 */
const isCapped = (query: CreatorQuery) => query.commonWord === true && query.area === null;

function storedSource(query: CreatorQuery, stored: StoredTotals, extra: SqlFragment[]): string | SqlFragment {
  if (!isCapped(query)) return `"${stored}" s`;
  if (!query.denseWord) {
    // `offset 0` keeps the names' lookup apart, so the planner does not fold it into a walk, and
    // each name's totals are then looked up by key rather than hashed from a pass over all of them.
    return joinSql([
      sql(`(select s.* from (select u."id" from "users" u where`),
      candidateConditions(query),
      sql(`offset 0) named cross join lateral (select * from "${stored}" ls where ls."user_id" = named."id" offset 0) s where`),
      joinSql([sql('true'), ...totalsConditions(query, 's'), ...extra], ' and '),
      sql('order by s."followers" desc, s."posts" desc, s."views" desc, s."user_id" limit ?) s', COMMON_WORD_MATCHES),
    ]);
  }
  return joinSql([
    sql(`(select s.* from "${stored}" s join "users" u on u."id" = s."user_id" where`),
    joinSql([candidateConditions(query), ...totalsConditions(query, 's'), ...extra], ' and '),
    sql('order by s."followers" desc, s."posts" desc, s."views" desc, s."user_id" limit ?) s', COMMON_WORD_MATCHES),
  ]);
}

/**
 * Whether the filters look at a person's sets (roles, networks) or latest credit; without them
 * only the counts rank people, and the viewer's own contribution leaves the sets out.
 */
export function filtersLookAtSets(filters: CreatorSearchFilters): boolean {
  return filters.roleIds.length > 0 || filters.networkIds.length > 0 || filters.creditedWithinDays !== null;
}

/** One person's stored totals (`s`) with the viewer's own contribution (`m`) added. */
const storedPlusMine = (withSets: boolean) =>
  withSets
    ? `s."user_id", s."posts" + m."posts" as "posts", s."views" + m."views" as "views", s."followers",
  array(select distinct r from unnest(s."role_ids" || m."role_ids") r order by r) as "role_ids",
  array(select distinct n from unnest(s."network_ids" || m."network_ids") n order by n) as "network_ids",
  greatest(s."last_credited_at", m."last_credited_at") as "last_credited_at"`
    : `s."user_id", s."posts" + m."posts" as "posts", s."views" + m."views" as "views", s."followers", s."role_ids", s."network_ids", s."last_credited_at"`;

/**
 * The stored rows (`s`) of the people whose totals the viewer's own posts change that could still
 * make a page ranked by the numbers alone (no words, no place), read as a range of the ranking
 * index. The page's `limit`-th row can only be as good as the `limit`-th of "stored" (the people
 * the viewer's posts leave alone) or better; the viewer's posts add posts and views but no
 * followers, so someone ranked below that row by their stored numbers could only pass it with the
 * same followers and at most the largest number of posts the viewer adds anyone short of its posts.
 * Everyone else is left out before their totals are looked up: for a viewer whose posts touch
 * 10,000 people, 73 rows of the index instead of 10,000 lookups at 1,000,000 posts
 * (bench/README.md). With fewer rows than `limit` in "stored", everyone is kept.
 */
function mayReachPageSql(stored: StoredTotals, limit: number): SqlFragment {
  const last = (column: string) => `(select k."${column}" from (select * from "stored" order by ${PAGE_ORDER('')} offset ? limit 1) k)`;
  return sql(
    `(select * from "${stored}" rs where (rs."followers", rs."posts") >= (coalesce(${last('followers')}, -1),
       coalesce(${last('credited_posts')} - (select max(m2."posts") from "mine" m2), -1)) offset 0) s`,
    limit - 1,
    limit - 1,
  );
}

/**
 * One page of people with their numbers: the best of the stored totals that hold as they are
 * (everyone but the live people and those the viewer's own posts touch), read in ranking order
 * and cut at the page's end, and the rest (the live totals; stored plus the viewer's own for the
 * people their posts touch), ranked and cut there too (a viewer's own posts may touch thousands);
 * the two merged, and the page's users rows read whole last.
 * `live` 'everyone': every candidate's totals are live and the stored ones are not read.
 */
export function creatorPageSql(query: CreatorQuery, totals: CreatorTotals, page: OffsetPage): SqlFragment {
  const { stored, live, liveStats, mine } = totals;
  const notLive = (column: string) => (live === 'everyone' ? sql('false') : joinSql([sql(`not (${column} = any(`), IDS_OF(live), sql('))')], ''));
  const asStored: SqlFragment[] = [notLive('s."user_id"')];
  // `not in` is probed in one hash of the viewer's people; `not exists` over the CTE was a pass
  // over all of them for each stored row read (thousands for a common word).
  if (mine !== null) asStored.push(sql(`s."user_id" not in (select m."user_id" from "mine" m where m."user_id" is not null)`));
  const changed: Array<SqlFragment | string> = ['select * from "live"'];
  if (mine !== null && live !== 'everyone') {
    // With words, the names holding them are found first (their indexes) and only the viewer's
    // people among them are looked up, not each of the thousands their posts may touch.
    const named = query.text === null ? [] : [joinSql([sql('and m."user_id" in ('), candidatesSql(query), sql('offset 0)')], ' ')];
    const storedOfMine = query.text === null && query.area === null ? mayReachPageSql(stored, page.offset + page.size + 1) : sql(`"${stored}" s`);
    changed.push(joinSql([sql(`union all select ${storedPlusMine(filtersLookAtSets(query.filters))} from`), storedOfMine, sql(`join "mine" m on m."user_id" = s."user_id" where`), notLive('s."user_id"'), ...named], ' '));
  }
  return joinSql([
    sql('with "live" as ('),
    liveStats,
    ...(mine === null ? [] : [sql('), "mine" as materialized ('), mine]),
    sql('), "stored" as ('),
    rankedRowsSql(query, storedSource(query, stored, asStored), 's', asStored, page.offset + page.size + 1, isCapped(query)),
    sql('), "fresh" as ('),
    rankedRowsSql(query, freshSource(query, changed), 'l', [], page.offset + page.size + 1),
    sql(`), "page" as (select * from "stored" union all select * from "fresh" order by ${PAGE_ORDER('')} offset ? limit ?)
      select u.*, page."followers", page."credited_posts", page."total_views", page."distance_km", page."relevance"
      from "page" join "users" u on u."id" = page."id" order by ${PAGE_ORDER('page.')}`, page.offset, page.size + 1),
  ]);
}

/** How many names (of people who could be found) hold the words, counted up to `stopAt` at most. */
export function commonWordSql(query: CreatorQuery, stopAt: number): SqlFragment {
  return joinSql([sql('select count(*) as "n" from (select 1 from "users" u where'), candidateConditions({ ...query, commonWord: true }), sql('limit ?) m', stopAt)]);
}

/** Everyone the search could find, as a subquery of ids (the live pass over everyone). */
export function candidatesSql(query: CreatorQuery): SqlFragment {
  return joinSql([sql('select u."id" from "users" u where'), candidateConditions(query)]);
}
