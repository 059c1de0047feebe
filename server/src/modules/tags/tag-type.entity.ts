import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';

/** 1 event, 2 client, 3 creator, 4 filetype, 5 tag, 44 location; seeded lookup table. */
@ObjectType('TagType')
@Entity({ tableName: 'tag_types' })
export class TagType {
  @Field(() => Int)
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Field(() => String)
  @Property({ type: 'string', length: 32, unique: true })
  name!: string;
}
