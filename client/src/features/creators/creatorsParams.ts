import { CREATOR_SEARCH_PARAMETERS as P } from '@domain/creator-search';
import { creditRoleById } from '@domain/credit-roles';
import { formatCount } from '@domain/format';
import { networkByName } from '@domain/networks';
import type { CreatorSearchFilter } from '@gql/graphql';
import { globalId, splitNamed, type Chip } from '@ui/urlFilters';

export interface CreatorsState {
  filter: CreatorSearchFilter;
  chips: Chip[];
}

function wholeNumber(text: string | null, min: number): number | null {
  if (text === null || !/^\d{1,15}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min ? value : null;
}

/**
 * The /creators query parameters (route list: role as `{name}~{id}`, geo as `{name}~{geohash}`,
 * list as `{id}~{name}`; the search criteria's `network` and `q`; and this page's follower range
 * and recency) as the API's filter and the page's chips. A geohash is passed on as written: the
 * server answers a bad one with the location-hash rule, shown on the page.
 */
export function readCreatorsParams(params: URLSearchParams): CreatorsState {
  const chips: Chip[] = [];
  const roleIds: string[] = [];
  for (const value of params.getAll(P.role)) {
    const named = splitNamed(value);
    const role = named ? creditRoleById(named.id) : undefined;
    if (!named || !role) continue;
    roleIds.push(globalId('CreditRole', role.id));
    chips.push({ parameter: P.role, value, label: `${role.emoji} ${role.name}` });
  }
  let geohash: string | null = null;
  const geo = params.get(P.geo);
  if (geo) {
    const at = geo.lastIndexOf('~');
    geohash = geo.slice(at + 1);
    chips.push({ parameter: P.geo, value: geo, label: `Near ${at > 0 ? geo.slice(0, at) : geohash}` });
  }
  let listId: string | null = null;
  const list = params.get(P.list);
  if (list) {
    const at = list.indexOf('~');
    const id = wholeNumber(at >= 0 ? list.slice(0, at) : list, 1);
    if (id !== null) {
      listId = globalId('List', id);
      chips.push({ parameter: P.list, value: list, label: `In ${at >= 0 && list.slice(at + 1) ? list.slice(at + 1) : `list ${id}`}` });
    }
  }
  const networkIds: string[] = [];
  for (const value of params.getAll(P.network)) {
    const network = networkByName(value);
    if (!network) continue;
    networkIds.push(globalId('Network', network.id));
    chips.push({ parameter: P.network, value, label: network.title });
  }
  const minFollowers = wholeNumber(params.get(P.minFollowers), 0);
  if (minFollowers !== null) chips.push({ parameter: P.minFollowers, value: params.get(P.minFollowers)!, label: `${formatCount(minFollowers)}+ followers` });
  const maxFollowers = wholeNumber(params.get(P.maxFollowers), 0);
  if (maxFollowers !== null) chips.push({ parameter: P.maxFollowers, value: params.get(P.maxFollowers)!, label: `Up to ${formatCount(maxFollowers)} followers` });
  const creditedWithinDays = wholeNumber(params.get(P.creditedWithinDays), 1);
  if (creditedWithinDays !== null) chips.push({ parameter: P.creditedWithinDays, value: params.get(P.creditedWithinDays)!, label: `Credited in the last ${creditedWithinDays} days` });
  const text = params.get(P.text)?.trim() || null;
  if (text) chips.push({ parameter: P.text, value: params.get(P.text)!, label: `“${text}”` });
  return { filter: { roleIds, geohash, listId, networkIds, minFollowers, maxFollowers, creditedWithinDays, text }, chips };
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
