import { networkByName } from '@domain/networks';
import type { CreditedStatus, ExploreFilter, ExploreSort } from '@gql/graphql';
import { globalId, splitNamed, type Chip } from '@ui/urlFilters';

/** The /explore query parameters (route list): each a filter someone can share in a link. */
export const NAMED_PARAMETERS = ['tags', 'events', 'locations', 'users'] as const;
export type NamedParameter = (typeof NAMED_PARAMETERS)[number];

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
