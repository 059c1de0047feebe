import { networkByName } from '@domain/networks';
import type { CreditedStatus, ExploreFilter, ExploreSort } from '@gql/graphql';

/** The /explore query parameters (route list): each a filter someone can share in a link. */
export const NAMED_PARAMETERS = ['tags', 'events', 'locations', 'users'] as const;
export type NamedParameter = (typeof NAMED_PARAMETERS)[number];

export interface Chip {
  parameter: string;
  value: string;
  label: string;
}

/** `{name}~{id}` → name and id; null when the id is not a number. */
export function splitNamed(value: string): { name: string; id: number } | null {
  const at = value.lastIndexOf('~');
  const id = Number(value.slice(at + 1));
  return at > 0 && Number.isSafeInteger(id) && id > 0 ? { name: value.slice(0, at), id } : null;
}

/**
 * The page link carries database ids (`{name}~{id}`, as the route list defines them); the API
 * takes global ids, which are "Type:id" in base64.
 */
function globalId(type: string, id: number): string {
  return btoa(`${type}:${id}`);
}

export interface ExploreState {
  filter: ExploreFilter;
  sort: ExploreSort;
  listView: boolean;
  imageSearch: string | null;
  chips: Chip[];
}

export function readExploreParams(params: URLSearchParams): ExploreState {
  const chips: Chip[] = [];
  const tagIds: number[] = [];
  const userIds: string[] = [];
  for (const parameter of NAMED_PARAMETERS) {
    for (const value of params.getAll(parameter)) {
      const named = splitNamed(value);
      if (!named) continue;
      chips.push({ parameter, value, label: named.name });
      if (parameter === 'users') userIds.push(globalId('User', named.id));
      else tagIds.push(named.id);
    }
  }
  const account = Number(params.get('postingAccount'));
  const postingAccountId = Number.isSafeInteger(account) && account > 0 ? globalId('SocialAccount', account) : null;
  if (postingAccountId) chips.push({ parameter: 'postingAccount', value: params.get('postingAccount')!, label: `Account ${account}` });
  const networkIds: string[] = [];
  for (const value of params.getAll('networks').flatMap((entry) => entry.split(','))) {
    const network = networkByName(value);
    if (!network) continue;
    networkIds.push(globalId('Network', network.id));
    chips.push({ parameter: 'networks', value, label: network.title });
  }
  const creditedParam = params.get('creditedStatus');
  const creditedStatus: CreditedStatus = creditedParam === 'credited' ? 'CREDITED' : creditedParam === 'uncredited' ? 'UNCREDITED' : 'ALL';
  if (creditedStatus !== 'ALL') chips.push({ parameter: 'creditedStatus', value: creditedParam!, label: creditedStatus === 'CREDITED' ? 'Credited' : 'Not credited' });
  const text = params.get('q')?.trim() || null;
  if (text) chips.push({ parameter: 'q', value: params.get('q')!, label: `“${text}”` });
  const imageSearch = params.get('imageSearch')?.trim() || null;
  if (imageSearch) chips.push({ parameter: 'imageSearch', value: params.get('imageSearch')!, label: `Images: “${imageSearch}”` });
  return {
    filter: { tagDatabaseIds: tagIds, userIds, postingAccountId, networkIds, text, creditedStatus },
    sort: params.get('sort') === 'newest' ? 'NEWEST' : 'RELEVANCE',
    listView: params.get('postView') === 'list',
    imageSearch,
    chips,
  };
}

/** The parameters without one chip's value (the others stay, in order). */
export function withoutChip(params: URLSearchParams, chip: Chip): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!(key === chip.parameter && value === chip.value)) next.append(key, value);
  return next;
}

/** The parameters with `key` set (or removed for null). */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}
