import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';

/** A role a person can be credited for (Director, Photographer, Editor…); seeded lookup table. */
@ObjectType('CreditRole')
@Entity({ tableName: 'credit_roles' })
export class CreditRole {
  @Field(() => Int)
  @PrimaryKey({ type: 'smallint', autoincrement: false })
  id!: number;

  @Field(() => String)
  @Property({ type: 'string', length: 64, unique: true })
  name!: string;

  @Field(() => String)
  @Property({ type: 'string', length: 16 })
  emoji!: string;
}
