import { ArgsType, Field, Float, Int, ObjectType } from 'type-graphql';
import { SEARCH_MODEL_NAMES, TagType, type SearchModelName } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { closedSetEnum, screamingSnakeCase } from '../../graphql/enums.js';
import { DEFAULT_SEARCH_PAGE_SIZE, MAX_RESULTS_PER_TYPE } from './search.service.js';

/** The kinds keep the client's names (users, tagValues…) inside; GraphQL spells them singular. */
const KIND_NAMES: Readonly<Record<SearchModelName, string>> = {
  users: 'USER',
  posts: 'POST',
  tagValues: 'TAG_VALUE',
  role: 'ROLE',
  jobs: 'JOB',
  locations: 'LOCATION',
  postingAccounts: 'POSTING_ACCOUNT',
  creatorSearch: 'CREATOR_SEARCH',
  exploreSearch: 'EXPLORE_SEARCH',
  imageSearch: 'IMAGE_SEARCH',
};

export const SearchResultKindEnum = closedSetEnum<SearchModelName>(
  'SearchResultKind',
  Object.fromEntries(SEARCH_MODEL_NAMES.map((name) => [KIND_NAMES[name], name])),
  'What a search result leads to.',
  {
    USER: 'A person or company profile.',
    POST: 'A post Byline has (a pasted link, tracked).',
    JOB: 'An open job, found by its title, wanted role or company.',
    LOCATION: 'A place: explore the posts made there.',
    TAG_VALUE: 'A tag, event, client or location: explore the posts that carry it.',
    ROLE: 'A credit role: search creators credited in it.',
    POSTING_ACCOUNT: 'An account on a network that posts come from.',
    CREATOR_SEARCH: 'A shortcut to the creator search for the text.',
    EXPLORE_SEARCH: 'A shortcut to the post search for the text.',
    IMAGE_SEARCH: 'A shortcut to the image content search (PRO).',
  },
);

export const TagTypeEnum = closedSetEnum(
  'TagType',
  Object.fromEntries(Object.entries(TagType).map(([name, id]) => [screamingSnakeCase(name), id])),
  'What a tag names: an event, a client, a creator, a file type, a plain tag or a location.',
  {
    EVENT: 'An event, such as a festival or a fashion week.',
    CLIENT: 'A client: the brand a post was made for.',
    CREATOR: 'A creator named on posts.',
    FILETYPE: 'A kind of file or format.',
    TAG: 'A plain tag (a hashtag or topic).',
    LOCATION: 'A place.',
  },
);

/** One row of the global search box. */
@ObjectType('SearchResultItem', { description: 'One result of the global search box: what to show and where it leads.' })
export class SearchResultItem {
  @Field(() => String, { description: 'Tells results apart within one search (kind and the number of what it leads to); not a global id.' }) key!: string;
  @Field(() => SearchResultKindEnum, { description: 'What the result leads to.' }) kind!: SearchModelName;
  @Field(() => String, { nullable: true, description: 'The picture to show beside it (80 px wide); null when it has none.' }) imgUrl!: string | null;
  @Field(() => String, { description: 'The main line to show: a name, a title or a caption (cut at 200 characters).' }) label!: string;
  @Field(() => String, { nullable: true, description: 'A second line: the company of a job, the network and username of an account, how many posts carry a tag; null when none.' }) subLabel!: string | null;
  @Field(() => String, { description: 'Where the result leads in the app.' }) pageUrl!: string;
  @Field(() => Float, { description: 'Higher is a better match; comparable within one search only.' }) relevancyScore!: number;
  @Field(() => TagTypeEnum, { nullable: true, description: 'For tag results: what the tag names.' }) tagType!: TagType | null;
  @Field(() => String, { nullable: true, description: 'For a JOB: the job’s public id, as in its page address; null for other kinds.' }) publicId!: string | null;
  @Field(() => Boolean, { description: 'Only PRO users may follow it (image content search).' }) isProOnly!: boolean;
}

export const SearchResultConnection = connectionType('SearchResult', SearchResultItem);

/**
 * A search page is smaller than other lists' (a ranking costs more the deeper it goes), so its
 * arguments say their own bounds instead of the shared 1–100 of ForwardPageArgs.
 */
@ArgsType()
export class SearchPageArgs {
  @Field(() => Int, { nullable: true, description: `How many results to return, 1 to ${MAX_RESULTS_PER_TYPE}; ${DEFAULT_SEARCH_PAGE_SIZE} when omitted.` })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Return what comes after this cursor (the endCursor of the previous page).' })
  after?: string | null;
}
