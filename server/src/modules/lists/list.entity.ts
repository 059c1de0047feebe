import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { ListKind } from '../../../../domain/lists.js';
import { Node } from '../../graphql/node.js';
import { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { ListKindEnum } from './list.enums.js';

/**
 * A person's private collection of people and posts. Only its owner sees it (list.policy.ts);
 * the owner is therefore not a field.
 */
@ObjectType('List', { implements: Node, description: 'One of the viewer’s private lists of people and posts (Favorites, Prospects, or one they made).' })
@Entity({ tableName: 'lists' })
@Index({ name: 'lists_owner_name_lower_unique', expression: 'create unique index "lists_owner_name_lower_unique" on "lists" ("owner_id", lower("name"))' })
@Index({
  name: 'lists_owner_built_in_unique',
  expression: `create unique index "lists_owner_built_in_unique" on "lists" ("owner_id", "kind") where "kind" <> 'custom'`,
})
export class List {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The list’s number in its page link (/lists/{databaseId}) and in the creator search’s list filter.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Field(() => ListKindEnum, { description: 'FAVORITES and PROSPECTS are everyone’s and cannot be renamed or deleted; CUSTOM lists are the owner’s own.' })
  @Property({ type: 'string', length: 16 })
  kind!: ListKind;

  @Field(() => String, { description: 'Unique among the owner’s lists, whatever the case; at most 60 characters.' })
  @Property({ type: 'string', length: 60 })
  name!: string;

  @Field(() => Date, { description: 'When it was made (UTC); the owner’s own lists are in this order.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When it last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** A person in a list. Its GraphQL type (ListPerson) is built in list.types.ts with the person's summary. */
@Entity({ tableName: 'list_people' })
@Unique({ name: 'list_people_list_user_unique', properties: ['list', 'user'] })
@Index({ name: 'list_people_list_id_index', properties: ['list', 'id'] })
export class ListPersonEntry {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => List, { ref: true, deleteRule: 'cascade' })
  list!: Ref<List>;

  @Index({ name: 'list_people_user_id_index' })
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A post in a list. */
@Entity({ tableName: 'list_posts' })
@Unique({ name: 'list_posts_list_post_unique', properties: ['list', 'post'] })
@Index({ name: 'list_posts_list_id_index', properties: ['list', 'id'] })
export class ListPostEntry {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => List, { ref: true, deleteRule: 'cascade' })
  list!: Ref<List>;

  @Index({ name: 'list_posts_post_id_index' })
  @ManyToOne(() => Post, { ref: true, deleteRule: 'cascade' })
  post!: Ref<Post>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
