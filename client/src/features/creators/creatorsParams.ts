import { CREATOR_SEARCH_PARAMETERS as P } from '@domain/creator-search';
import type { CreditRole } from '@domain/credit-roles';
import { networkByName, type NetworkName } from '@domain/networks';
import type { CreatorSearchFilter } from '@gql/graphql';
import { globalId, readPlace, readRoles } from '@ui/urlFilters';

export interface CreatorsState {
  filter: CreatorSearchFilter;
  roles: CreditRole[];
  /** The place's name as the link gives it (`{name}~{geohash}`), or the geohash alone. */
  placeName: string | null;
  list: { id: number; name: string | null } | null;
  networks: NetworkName[];
  minFollowers: number | null;
  maxFollowers: number | null;
  creditedWithinDays: number | null;
  openToWork: boolean;
}

/** Every parameter that narrows the results but the text: what Clear all removes. */
export const FILTER_PARAMETERS = [P.role, P.geo, P.list, P.network, P.minFollowers, P.maxFollowers, P.creditedWithinDays, P.openToWork] as const;

function wholeNumber(text: string | null, min: number): number | null {
  if (text === null || !/^\d{1,15}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min ? value : null;
}

/**
 * The /creators query parameters (route list: role as `{name}~{id}`, geo as `{name}~{geohash}`,
 * list as `{id}~{name}`; the search criteria's `network` and `q`; and this page's follower range
 * and recency) as the API's filter and the page's filters. A geohash is passed on as written: the
 * server answers a bad one with the location-hash rule, shown on the page.
 */
export function readCreatorsParams(params: URLSearchParams): CreatorsState {
  const roles = readRoles(params, P.role);
  const place = readPlace(params, P.geo);
  const geohash = place?.geohash ?? null;
  const placeName = place?.name ?? null;
  let list: CreatorsState['list'] = null;
  const listParam = params.get(P.list);
  if (listParam) {
    const at = listParam.indexOf('~');
    const id = wholeNumber(at >= 0 ? listParam.slice(0, at) : listParam, 1);
    if (id !== null) list = { id, name: (at >= 0 && listParam.slice(at + 1)) || null };
  }
  const networks = [...new Set(params.getAll(P.network))].flatMap((value) => networkByName(value) ?? []);
  const minFollowers = wholeNumber(params.get(P.minFollowers), 0);
  const maxFollowers = wholeNumber(params.get(P.maxFollowers), 0);
  const creditedWithinDays = wholeNumber(params.get(P.creditedWithinDays), 1);
  const text = params.get(P.text)?.trim() || null;
  const openToWork = params.get(P.openToWork) === '1';
  return {
    filter: {
      roleIds: roles.map((role) => globalId('CreditRole', role.id)),
      geohash,
      listId: list ? globalId('List', list.id) : null,
      networkIds: networks.map((network) => globalId('Network', network.id)),
      minFollowers,
      maxFollowers,
      creditedWithinDays,
      text,
      openToWork: openToWork || null,
    },
    roles,
    placeName,
    list,
    networks: networks.map((network) => network.name),
    minFollowers,
    maxFollowers,
    creditedWithinDays,
    openToWork,
  };
}

/**
 * The criteria the text box turned into filters, merged into the page's parameters: each named
 * filter is added (a place replaces the place), and the leftover words replace the text.
 */
export function withCriteria(params: URLSearchParams, criteriaQueryString: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(P.text);
  for (const [key, value] of new URLSearchParams(criteriaQueryString)) {
    if (key === P.geo || key === P.text) next.set(key, value);
    else if (!next.getAll(key).includes(value)) next.append(key, value);
  }
  return next;
}
