import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';

/** A role a person can be credited for (Director, Photographer, Editor…); seeded lookup table. */
@ObjectType('CreditRole', { implements: Node, description: 'A role a person can be credited for on a post (Director, Photographer, Editor…).' })
@Entity({ tableName: 'credit_roles' })
export class CreditRole {
  @Field(() => Int, { name: 'databaseId', description: 'The role’s number in the REST API and in page links.' })
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Field(() => String, { description: 'The role’s name, e.g. "Photographer"; unique.' })
  @Property({ type: 'string', length: 64, unique: true })
  name!: string;

  @Field(() => String, { description: 'An emoji shown beside the name.' })
  @Property({ type: 'string', length: 16 })
  emoji!: string;
}
