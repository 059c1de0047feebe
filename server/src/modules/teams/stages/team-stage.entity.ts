import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { Team } from '../team.entity.js';

/** A column of the team's creator pipeline (e.g. Sourced, Contacted, Hired), named by the team. */
@ObjectType('TeamStage', { implements: Node, description: 'A column of a team’s creator pipeline, such as Sourced, Contacted or Hired.' })
@Entity({ tableName: 'team_stages' })
export class TeamStage {
  [OptionalProps]?: 'position' | 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The stage’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @Field(() => String, { description: 'The stage’s name, 1 to 60 characters, as shown on the column.' })
  @Property({ type: 'string', length: 60 })
  name!: string;

  @Field(() => Int, { description: 'Where the column stands on the board, left to right.' })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
