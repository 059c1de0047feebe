import type { EntityDictionary } from '@mikro-orm/core';
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
import { visiblePortfoliosSql, type SqlFragment } from '../../profiles/profile.policy.js';
import { User } from '../../users/user.entity.js';

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

const IDS_OF = (json: string) => sql('(select (jsonb_array_elements_text(?::jsonb))::int)', json);

/**
 * Whether each person matches the filters that look at their visible portfolio (the profiles
 * module's rule: only posts the viewer may see, only public credits), so a private post or a
 * pending credit never finds anyone. Worked out per person in the grouped passes below (one hash
 * join each) rather than as a subquery per person, which the planner misjudges into nested loops.
 */
function matchFlags(filters: CreatorSearchFilters) {
  const roles = filters.roleIds.length > 0 ? joinSql([sql('c."role_id" in'), IDS_OF(JSON.stringify(filters.roleIds))], ' ') : null;
  const recent = filters.creditedWithinDays !== null ? sql('c."created_at" >= now() - make_interval(days => ?)', filters.creditedWithinDays) : null;
  const networks = filters.networkIds.length > 0 ? JSON.stringify(filters.networkIds) : null;
  return {
    /** A CTE over the person's public credits on their portfolio, when a role or recency filter needs one. */
    credits:
      roles === null && recent === null
        ? null
        : joinSql([
            sql('"matches" as (select c."user_id" as "owner", bool_or('),
            roles ?? sql('false'),
            sql(') as "role_match", bool_or('),
            recent ?? sql('false'),
            sql(`) as "recent_match" from "credits" c join "portfolio" pp on pp."owner" = c."user_id" and pp."post_id" = c."post_id" where ${publicCreditSql('c')} group by c."user_id"),`),
          ]),
    /** Work on the network (a portfolio post there). */
    networkWork: networks === null ? sql('false') : joinSql([sql('bool_or(p."network_id" in'), IDS_OF(networks), sql(')')], ' '),
    /** Or an account there proved to be theirs. */
    networkAccount: networks === null ? sql('false') : joinSql([sql('bool_or(a."network_id" in'), IDS_OF(networks), sql(')')], ' '),
  };
}

function flagConditions(filters: CreatorSearchFilters): SqlFragment[] {
  const conditions: SqlFragment[] = [];
  if (filters.roleIds.length > 0) conditions.push(sql('ranked."role_match"'));
  if (filters.creditedWithinDays !== null) conditions.push(sql('ranked."recent_match"'));
  if (filters.networkIds.length > 0) conditions.push(sql('(ranked."network_work" or ranked."network_account")'));
  if (filters.minFollowers !== null) conditions.push(sql('ranked."followers" >= ?', filters.minFollowers));
  if (filters.maxFollowers !== null) conditions.push(sql('ranked."followers" <= ?', filters.maxFollowers));
  return conditions;
}

type HitRow = Record<string, unknown> & { followers: string | number; credited_posts: string | number; total_views: string | number; distance_km: string | number | null; relevance: unknown };

/**
 * One page of the creator search, ranked by relevance (how well the name or username matches
 * the words; nearest first within a place), then popularity: followers of their verified
 * accounts, credited posts, views of those posts. Position cursors, as relevance has no stable key.
 */
export async function searchCreators(
  em: EntityManager,
  viewer: Viewer,
  filters: CreatorSearchFilters,
  page: OffsetPage,
  timeoutMs: number = CREATOR_SEARCH_CALL_TIMEOUT_MS,
): Promise<{ items: CreatorHit[]; hasMore: boolean }> {
  checkFilters(filters);
  if (page.offset > MAX_CREATOR_SEARCH_DEPTH) throw new InvalidInput(`The creator search reaches the first ${MAX_CREATOR_SEARCH_DEPTH} people`);
  const text = filters.text?.trim() || null;
  if (text !== null && isBlockedSearch(text)) return { items: [], hasMore: false };
  const area = areaOf(filters.geohash);
  // Someone else's list (or none) is "not found", as on its own page; its people are never shown.
  const listUserIds = filters.listId === null ? null : await userIdsInList(em, viewer, filters.listId);
  if (listUserIds !== null && listUserIds.length === 0) return { items: [], hasMore: false };

  const portfolio = visiblePortfoliosSql(em, viewer, null);
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
  const flags = matchFlags(filters);
  const where = [...(area === null ? [] : [sql('ranked."distance_km" <= ?', area.radiusKm)]), ...flagConditions(filters)];
  const query = joinSql([
    sql('with "candidates" as ('),
    candidatesSql(filters, text, area, listUserIds),
    sql('), "portfolio" as (select pp."owner", pp."post_id" from ('),
    portfolio,
    sql(') pp where pp."owner" in (select "id" from "candidates")),'),
    flags.credits ?? sql(''),
    sql('"work" as (select pp."owner", count(*) as "credited_posts", coalesce(sum(p."views"), 0) as "total_views",'),
    flags.networkWork,
    sql(`as "network_work" from "portfolio" pp join "posts" p on p."id" = pp."post_id" group by pp."owner"),
      "reach" as (select a."owner_id" as "owner", coalesce(sum(a."follower_count"), 0) as "followers",`),
    flags.networkAccount,
    sql(`as "network_account" from "social_accounts" a
                   where a."owner_verified_at" is not null and a."owner_id" in (select "id" from "candidates") group by a."owner_id"),
      "ranked" as (select u.*, coalesce(w."credited_posts", 0) as "credited_posts", coalesce(w."total_views", 0) as "total_views",
                          coalesce(r."followers", 0) as "followers", coalesce(w."network_work", false) as "network_work",
                          coalesce(r."network_account", false) as "network_account", `),
    flags.credits === null ? sql('false as "role_match", false as "recent_match", ') : sql('coalesce(m."role_match", false) as "role_match", coalesce(m."recent_match", false) as "recent_match", '),
    relevance,
    sql(' as "relevance", '),
    distance,
    sql(` as "distance_km"
                     from "candidates" cand join "users" u on u."id" = cand."id"
                     left join "work" w on w."owner" = u."id" left join "reach" r on r."owner" = u."id"`),
    flags.credits === null ? sql('') : sql('left join "matches" m on m."owner" = u."id"'),
    sql(`)
      select * from "ranked"`),
    ...(where.length > 0 ? [sql('where'), joinSql(where, ' and ')] : []),
    sql(`order by "relevance" desc, "distance_km" asc nulls last, "followers" desc, "credited_posts" desc, "total_views" desc, "id" asc offset ? limit ?`, page.offset, page.size + 1),
  ]);

  const rows = await withTimeout(em, timeoutMs, (tx) => tx.execute<HitRow[]>(query.sql, query.params));
  const items = rows.slice(0, page.size).map(({ followers, credited_posts: creditedPosts, total_views: views, distance_km: distanceKm, relevance: _relevance, role_match: _role, recent_match: _recent, network_work: _work, network_account: _account, ...columns }) => ({
    user: em.map(User, columns as EntityDictionary<User>),
    followers: Number(followers),
    creditedPosts: Number(creditedPosts),
    views: Number(views),
    distanceKm: distanceKm === null ? null : Number(distanceKm),
  }));
  return { items, hasMore: rows.length > page.size };
}

/** Creator search calls get a minute (spec 9); past it the database stops and the caller hears "Timeout". */
async function withTimeout<T>(em: EntityManager, timeoutMs: number, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await em.transactional(async (tx) => {
      await tx.execute(`select set_config('statement_timeout', ?, true)`, [`${Math.max(1, Math.round(timeoutMs))}ms`]);
      return work(tx);
    });
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === POSTGRES_QUERY_CANCELED) throw new UpstreamTimeout(MESSAGES.timeout);
    throw error;
  }
}
