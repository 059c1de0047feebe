import { GraphQLSafeInt } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { closedSetEnum } from '../../../graphql/enums.js';
import { connectionType } from '../../../graphql/connection.js';
import { ForwardPageArgs } from '../../../graphql/pagination.js';
import type { ImportStatus } from '../../posts/index.js';
import { ImportStatusEnum, Post } from '../../posts/index.js';

export const MANAGER_SORT_FIELDS = ['tracked_at', 'posted_at', 'network', 'account', 'import_status', 'views', 'likes', 'comments', 'last_refreshed', 'credits'] as const;
export type ManagerSortField = (typeof MANAGER_SORT_FIELDS)[number];

export const ManagerPostSortFieldEnum = closedSetEnum<ManagerSortField>(
  'ManagerPostSortField',
  {
    TRACKED_AT: 'tracked_at',
    POSTED_AT: 'posted_at',
    NETWORK: 'network',
    ACCOUNT: 'account',
    IMPORT_STATUS: 'import_status',
    VIEWS: 'views',
    LIKES: 'likes',
    COMMENTS: 'comments',
    LAST_REFRESHED: 'last_refreshed',
    CREDITS: 'credits',
  },
  'A column of the Content Manager table to sort by. Posts without the number (or date) come last in descending order.',
  {
    TRACKED_AT: 'When the viewer tracked the link (or the post joined Byline).',
    POSTED_AT: 'When the post was published.',
    NETWORK: 'The network, by databaseId.',
    ACCOUNT: 'The posting account’s handle.',
    IMPORT_STATUS: 'Where the import stands.',
    VIEWS: 'Views as last read.',
    LIKES: 'Likes as last read.',
    COMMENTS: 'Comments as last read.',
    LAST_REFRESHED: 'When the numbers were last fetched.',
    CREDITS: 'How many public credits the post has.',
  },
);

export type SortDirection = 'asc' | 'desc';
export const SortDirectionEnum = closedSetEnum<SortDirection>('SortDirection', { ASC: 'asc', DESC: 'desc' }, 'Smallest first (ASC) or largest first (DESC).', {
  ASC: 'Smallest, earliest or first in the alphabet first.',
  DESC: 'Largest, latest or last in the alphabet first.',
});

@InputType('ManagerPostSort', { description: 'How to order the Content Manager table; ties are broken by the row, so pages never overlap.' })
export class ManagerPostSort {
  @Field(() => ManagerPostSortFieldEnum, { description: 'The column to sort by.' }) field!: ManagerSortField;
  @Field(() => SortDirectionEnum, { defaultValue: 'desc', description: 'ASC or DESC; DESC when omitted.' }) direction: SortDirection = 'desc';
}

@InputType('ManagerPostFilter', { description: 'Narrows the Content Manager table; every condition given must hold.' })
export class ManagerPostFilter {
  @Field(() => [ID], { nullable: true, description: 'Only posts on these networks (global ids of Network), at most 11.' })
  networkIds?: string[] | null;

  @Field(() => [ImportStatusEnum], { nullable: true, description: 'Only rows with these import statuses.' })
  importStatuses?: ImportStatus[] | null;

  @Field(() => String, { nullable: true, description: 'Only posts whose account handle or name contains this text (any case).' })
  account?: string | null;

  @Field(() => Date, { nullable: true, description: 'Only posts published at or after this time.' })
  postedFrom?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Only posts published before this time.' })
  postedBefore?: Date | null;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Only posts with at least this many views.' })
  minViews?: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Only posts with at least this many likes.' })
  minLikes?: number | null;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Only posts with at least this many comments.' })
  minComments?: number | null;

  @Field(() => Date, { nullable: true, description: 'Only posts whose numbers were last refreshed before this time (stale ones).' })
  refreshedBefore?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only posts with at least one public credit; false: only posts without.' })
  credited?: boolean | null;
}

@ArgsType()
export class ManagerPostsArgs extends ForwardPageArgs {
  @Field(() => ManagerPostFilter, { nullable: true, description: 'Conditions every row must meet; every row of the viewer’s when omitted.' }) filter?: ManagerPostFilter | null;
  @Field(() => ManagerPostSort, { nullable: true, description: 'Most recently tracked first when not given.' }) sort?: ManagerPostSort | null;
}

@ArgsType()
export class ManagerPostsCsvArgs {
  @Field(() => ManagerPostFilter, { nullable: true, description: 'The table’s conditions, as for managerPosts; every row of the viewer’s when omitted.' }) filter?: ManagerPostFilter | null;
  @Field(() => ManagerPostSort, { nullable: true, description: 'The table’s order, as for managerPosts; most recently tracked first when omitted.' }) sort?: ManagerPostSort | null;
}

/**
 * One row of the Content Manager: a post the viewer tracked, is credited on or posted from a
 * verified account, or a link of theirs still importing (or failed), which has no post yet.
 */
@ObjectType('ManagerPost', { description: 'A row of the Content Manager table: one of the viewer’s posts, or a link of theirs whose import is pending or failed.' })
export class ManagerPost {
  /** Positive: a post id; negative: a track request's id (a link without its post). */
  rowKey!: number;
  postId!: number | null;

  @Field(() => Post, { nullable: true, description: 'The post; null while the link is importing or when its import failed.' })
  post!: Post | null;

  @Field(() => String, { description: 'The post’s link (or the link as pasted, while it imports).' }) url!: string;
  @Field(() => Int, { description: 'The network’s databaseId (1 Twitter … 11 Snapchat).' }) networkDatabaseId!: number;
  @Field(() => String, { nullable: true, description: 'The posting account’s handle; null until imported.' }) accountHandle!: string | null;
  @Field(() => String, { nullable: true, description: 'The posting account’s display name.' }) accountName!: string | null;
  @Field(() => String, { nullable: true, description: 'The picture, served from Byline (80 px wide); null when Byline holds no copy of it.' }) thumbnailUrl!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the post was published (UTC); null until imported.' }) postedAt!: Date | null;
  @Field(() => ImportStatusEnum, { description: 'Where the link’s import stands: the table’s Status column.' }) importStatus!: ImportStatus;
  @Field(() => String, { nullable: true, description: 'Why the import failed, in the words the import gives.' }) importError!: string | null;
  @Field(() => Boolean, { description: 'The post is gone from its network; its numbers are the last ones read.' }) isDeleted!: boolean;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Views as last read; null where the network does not tell or before the first reading.' }) views!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Likes as last read; null where the network does not tell or before the first reading.' }) likes!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Comments as last read; null where the network does not tell or before the first reading.' }) comments!: number | null;
  @Field(() => Date, { nullable: true, description: 'When the numbers were last fetched.' }) lastRefreshedAt!: Date | null;
  @Field(() => Int, { description: 'How many public (accepted) credits the post has.' }) creditCount!: number;
  @Field(() => Date, { description: 'When the viewer tracked the link (or the post joined Byline, for credited and own-account posts).' }) trackedAt!: Date;
}

export const ManagerPostConnection = connectionType('ManagerPost', ManagerPost);
