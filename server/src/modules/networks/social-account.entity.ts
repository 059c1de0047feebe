import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { Network } from './network.entity.js';

/** An account on a social network that posts come from (a "posting account"). */
@ObjectType('SocialAccount', { implements: Node, description: 'An account on a social network that posts come from (a posting account).' })
@Entity({ tableName: 'social_accounts' })
@Index({
  name: 'social_accounts_network_handle_unique',
  expression: 'create unique index "social_accounts_network_handle_unique" on "social_accounts" ("network_id", lower("handle"))',
})
@Index({
  name: 'social_accounts_handle_trgm_index',
  expression: 'create index "social_accounts_handle_trgm_index" on "social_accounts" using gin ("handle" gin_trgm_ops)',
})
@Index({
  name: 'social_accounts_display_name_trgm_index',
  expression: 'create index "social_accounts_display_name_trgm_index" on "social_accounts" using gin ("display_name" gin_trgm_ops)',
})
export class SocialAccount {
  [OptionalProps]?: 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The account’s number in the REST API and in explore links.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Network, { ref: true })
  network!: Ref<Network>;

  @Field(() => String, { description: 'The account’s username on its network (see Network.usesAtHandle for how to write it).' })
  @Property({ type: 'string', length: 128 })
  handle!: string;

  @Field(() => String, { nullable: true, description: 'The name the account shows on its network; null when not known.' })
  @Property({ type: 'string', length: 200, nullable: true })
  displayName: string | null = null;

  @Field(() => String, { nullable: true, description: 'The account’s picture as its network gave it; null when not known. Such addresses may expire.' })
  @Property({ type: 'text', nullable: true })
  avatarUrl: string | null = null;

  /** The Byline user who claimed this account, when one has. */
  @Index({ name: 'social_accounts_owner_id_index' })
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  owner: Ref<User> | null = null;

  /** Followers as last read from the network's profile page; null when never read. */
  @Property({ type: 'bigint', nullable: true, columnType: 'bigint' })
  followerCount: number | null = null;

  /** When `owner` proved the account is theirs (a code in its bio); posts count as theirs only after. */
  @Property({ type: 'datetime', nullable: true })
  ownerVerifiedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
