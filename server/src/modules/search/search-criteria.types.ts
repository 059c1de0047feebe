import { Field, ObjectType } from 'type-graphql';
import type { SearchCriteriaParameter } from '../../../../domain/search-criteria.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const SearchCriteriaParameterEnum = closedSetEnum<SearchCriteriaParameter>(
  'SearchCriteriaParameter',
  { ROLE: 'role', GEO: 'geo', NETWORK: 'network', TAGS: 'tags', EVENTS: 'events', LOCATIONS: 'locations', POSTING_ACCOUNT: 'postingAccount', NETWORKS: 'networks' },
  'A filter of the creator search (/creators: ROLE, GEO, NETWORK) or the post search (/explore: TAGS, EVENTS, LOCATIONS, POSTING_ACCOUNT, NETWORKS).',
  {
    ROLE: 'Creator search: a credit role.',
    GEO: 'Creator search: a place, as a geohash; the shorter it is, the wider the search.',
    NETWORK: 'Creator search: a network their accounts are on.',
    TAGS: 'Post search: a tag.',
    EVENTS: 'Post search: an event.',
    LOCATIONS: 'Post search: a place.',
    POSTING_ACCOUNT: 'Post search: the account that posted.',
    NETWORKS: 'Post search: a network.',
  },
);

@ObjectType('SearchCriterion', { description: 'One filter read from free text.' })
export class SearchCriterionType {
  @Field(() => SearchCriteriaParameterEnum, { description: 'Which filter it is, and so which search page takes it.' }) parameter!: SearchCriteriaParameter;
  @Field(() => String, { description: 'The value as the page query string holds it: `{name}~{id}` for roles and tags, `{name}~{geohash}` for a place, an account number, or a network name.' })
  value!: string;
  @Field(() => String, { description: 'What the filter chip reads.' }) label!: string;
}

@ObjectType('SearchCriteria', { description: 'Free text turned into filters for a search page, and the words that named nothing.' })
export class SearchCriteriaType {
  @Field(() => [SearchCriterionType], { description: 'The filters, in the order the text named them (at most one per phrase of the text).' }) criteria!: SearchCriterionType[];
  @Field(() => String, { nullable: true, description: 'The words that named nothing, searched as text.' }) text!: string | null;
  @Field(() => String, { description: 'The filters and text as the page query string (`role=Photographer~2&geo=Lisbon~eyck`), without the leading ?.' })
  queryString!: string;
}
