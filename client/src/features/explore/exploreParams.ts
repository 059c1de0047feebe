import { networkByName, type NetworkName } from '@domain/networks';
import type { CreditedStatus, ExploreFilter, ExploreSort } from '@gql/graphql';
import { globalId, splitNamed, type Chip } from '@ui/urlFilters';

/** The /explore query parameters (route list) that name a thing by `{name}~{id}`: each a filter someone can share in a link. */
export const NAMED_PARAMETERS = ['tags', 'events', 'locations', 'users'] as const;
export type NamedParameter = (typeof NAMED_PARAMETERS)[number];

/** What each link-set filter is, as its chip names it. */
const KIND: Record<NamedParameter | 'postingAccount' | 'imageSearch', string> = {
  tags: 'Tag',
  events: 'Event',
  locations: 'Location',
  users: 'Person',
  postingAccount: 'Account',
  imageSearch: 'Pictures',
};

/**
 * A filter only a link sets (a tag, event, place or person page's link, the search box's image
 * search): shown as its own chip, to see and remove, not to pick here.
 */
export interface LinkedFilter extends Chip {
  kind: string;
}

export type CreditedParameter = 'credited' | 'uncredited';

/** Every parameter that narrows the results (not the text, the order or the view): what Clear all removes. */
export const FILTER_PARAMETERS = [...NAMED_PARAMETERS, 'postingAccount', 'networks', 'creditedStatus', 'imageSearch'] as const;

export interface ExploreState {
  filter: ExploreFilter;
  sort: ExploreSort;
  listView: boolean;
  imageSearch: string | null;
  linked: LinkedFilter[];
  networks: NetworkName[];
  credited: CreditedParameter | null;
}

export function readExploreParams(params: URLSearchParams): ExploreState {
  const linked: LinkedFilter[] = [];
  const tagIds: number[] = [];
  const userIds: string[] = [];
  for (const parameter of NAMED_PARAMETERS) {
    for (const value of params.getAll(parameter)) {
      const named = splitNamed(value);
      if (!named) continue;
      linked.push({ parameter, value, label: named.name, kind: KIND[parameter] });
      if (parameter === 'users') userIds.push(globalId('User', named.id));
      else tagIds.push(named.id);
    }
  }
  const account = Number(params.get('postingAccount'));
  const postingAccountId = Number.isSafeInteger(account) && account > 0 ? globalId('SocialAccount', account) : null;
  if (postingAccountId) linked.push({ parameter: 'postingAccount', value: params.get('postingAccount')!, label: `Account ${account}`, kind: KIND.postingAccount });
  const imageSearch = params.get('imageSearch')?.trim() || null;
  if (imageSearch) linked.push({ parameter: 'imageSearch', value: params.get('imageSearch')!, label: `Images: “${imageSearch}”`, kind: KIND.imageSearch });
  // One value a parameter, or several joined by commas: links written either way keep working.
  const networks = [...new Set(params.getAll('networks').flatMap((entry) => entry.split(',')))].flatMap((value) => networkByName(value) ?? []);
  const creditedParam = params.get('creditedStatus');
  const credited = creditedParam === 'credited' || creditedParam === 'uncredited' ? creditedParam : null;
  const creditedStatus: CreditedStatus = credited === 'credited' ? 'CREDITED' : credited === 'uncredited' ? 'UNCREDITED' : 'ALL';
  const text = params.get('q')?.trim() || null;
  return {
    filter: { tagDatabaseIds: tagIds, userIds, postingAccountId, networkIds: networks.map((network) => globalId('Network', network.id)), text, creditedStatus },
    sort: params.get('sort') === 'newest' ? 'NEWEST' : 'RELEVANCE',
    listView: params.get('postView') === 'list',
    imageSearch,
    linked,
    networks: networks.map((network) => network.name),
    credited,
  };
}
