import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { User } from '../../users/index.js';
import { Team } from '../team.entity.js';
import { TeamStage } from './team-stage.entity.js';

/** A creator on a team's pipeline board, in one stage at a time. */
@ObjectType('TeamCreator', { implements: Node, description: 'A creator on a team’s pipeline board, in one stage at a time, with the team’s comments.' })
@Entity({ tableName: 'team_stage_creators' })
@Unique({ name: 'team_stage_creators_team_user_unique', properties: ['team', 'user'] })
export class TeamCreator {
  [OptionalProps]?: 'createdAt' | 'movedAt' | 'addedBy';

  @Field(() => Int, { name: 'databaseId', description: 'The number of this board entry in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @ManyToOne(() => TeamStage, { ref: true, deleteRule: 'cascade' })
  stage!: Ref<TeamStage>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  addedBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the creator was put on the board (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When the creator last moved to their current stage.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  movedAt: Date = new Date();
}
