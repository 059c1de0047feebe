import { BigIntType, Collection, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToMany, ManyToOne, OneToMany, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { PostType } from '../../../../domain/enums.js';
import { Node } from '../../graphql/node.js';
import { ImportStatusEnum, PostTypeEnum } from './post.enums.js';
import { Credit } from '../credits/index.js';
import { Network, SocialAccount } from '../networks/index.js';
import { Tag } from '../tags/index.js';
import { User } from '../users/index.js';

export const IMPORT_STATUSES = ['pending', 'imported', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

@ObjectType('PostStats', { description: 'The latest numbers of a post; null where the network does not tell.' })
export class PostStats {
  // SafeInt: view counts pass 2^31 (Int) and must stay exact (Float would not say so).
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Views on the network; null where it does not tell.' }) views!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Likes on the network; null where it does not tell.' }) likes!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Comments on the network; null where it does not tell.' }) comments!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Shares on the network; null where it does not tell.' }) shares!: number | null;
  @Field(() => Date, { nullable: true, description: 'When the numbers were last fetched from the network.' }) refreshedAt!: Date | null;
}

/**
 * A post on a social network. One row per (network, external id), whatever form of link
 * brought it in, so the same post pasted twice is one post.
 */
@ObjectType('Post', { implements: Node, description: 'A post on a social network, imported into Byline, with its numbers and credits.' })
@Entity({ tableName: 'posts' })
@Unique({ name: 'posts_network_external_id_unique', properties: ['network', 'externalId'] })
@Index({ name: 'posts_created_at_id_index', properties: ['createdAt', 'id'] })
// Covering: the posts someone added, with what their totals and visibility need, read from the
// index alone (the creator search's posts only its viewer may see; migration PostsByAdderCovering).
@Index({ name: 'posts_created_by_id_index', expression: `create index "posts_created_by_id_index" on "posts" ("created_by_id") include ("id", "is_private", "type", "views", "network_id")` })
// The signed-out feed: public posts newest first, without walking past private ones (migration PublicPostsNewest).
@Index({ name: 'posts_public_newest_index', expression: `create index "posts_public_newest_index" on "posts" ("id" desc) where "is_private" = false and "type" <> 5` })
export class Post {
  [OptionalProps]?: 'isPrivate' | 'isDeleted' | 'importStatus' | 'createdAt' | 'updatedAt' | 'type';

  @Field(() => Int, { name: 'databaseId', description: 'The number in the post’s page link (/posts/{databaseId}) and in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Network, { ref: true })
  network!: Ref<Network>;

  @Property({ type: 'string', length: 128 })
  externalId!: string;

  @Index({ name: 'posts_account_id_index' })
  @ManyToOne(() => SocialAccount, { ref: true })
  account!: Ref<SocialAccount>;

  @Field(() => String, { description: 'The post’s link on its network, in one normal form whatever link was pasted.' })
  @Property({ type: 'text' })
  url!: string;

  @Field(() => String, { nullable: true, description: 'The post’s text on its network; null when it has none.' })
  @Property({ type: 'text', nullable: true })
  caption: string | null = null;

  /** The network's own picture URL; it expires, so clients get our copy (see the resolver). */
  @Property({ type: 'text', nullable: true })
  thumbnailUrl: string | null = null;

  /** Set once the picture is copied into our storage (post_thumbnails). */
  @Property({ type: 'datetime', nullable: true })
  thumbnailStoredAt: Date | null = null;

  @Field(() => PostTypeEnum, { description: 'What kind of post it is (VIDEO, GIF, IMAGE, TEXT, STORY).' })
  @Enum({ items: () => PostType, columnType: 'smallint', default: PostType.Video })
  type: PostType = PostType.Video;

  @Field(() => Boolean, { description: 'A private post: seen only by the person who tracked it, the people credited on it and admins; anyone else gets not found.' })
  @Property({ type: 'boolean', default: false })
  isPrivate: boolean = false;

  @Field(() => Date, { nullable: true, description: 'When it was published on its network (UTC); null when the network does not say.' })
  @Property({ type: 'datetime', nullable: true })
  postedAt: Date | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  views: number | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  likes: number | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  comments: number | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  shares: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  statsRefreshedAt: Date | null = null;

  /** When the scheduled refresh should fetch this post's numbers again. */
  @Property({ type: 'datetime', nullable: true })
  statsDueAt: Date | null = null;

  @Field(() => ImportStatusEnum, { description: 'How far its import got: PENDING, IMPORTED or FAILED.' })
  @Property({ type: 'string', length: 16, default: 'pending' })
  importStatus: ImportStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  importError: string | null = null;

  @Field(() => Boolean, { description: 'Deleted posts keep their credits and say they were deleted.' })
  @Property({ type: 'boolean', default: false })
  isDeleted: boolean = false;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @OneToMany(() => Credit, (credit) => credit.post)
  credits = new Collection<Credit>(this);

  @ManyToMany(() => Tag, undefined, { pivotTable: 'post_tags', joinColumn: 'post_id', inverseJoinColumn: 'tag_id' })
  tags = new Collection<Tag>(this);

  @Field(() => Date, { description: 'When Byline first recorded the link (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
