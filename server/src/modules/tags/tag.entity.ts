import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';
import { TagType } from './tag-type.entity.js';

@ObjectType('Tag')
@Entity({ tableName: 'tags' })
@Index({
  name: 'tags_type_name_lower_unique',
  expression: 'create unique index "tags_type_name_lower_unique" on "tags" ("tag_type_id", lower("name"))',
})
@Index({ name: 'tags_name_trgm_index', expression: 'create index "tags_name_trgm_index" on "tags" using gin ("name" gin_trgm_ops)' })
export class Tag {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => TagType, { ref: true })
  tagType!: Ref<TagType>;

  @Field(() => String)
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
