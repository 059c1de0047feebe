import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { User } from '../../users/index.js';
import { TeamCreator } from './team-creator.entity.js';

/** A team's note about a creator on its board; seen by the team only. */
@ObjectType('TeamCreatorComment', { implements: Node, description: 'A note a team member wrote about a creator on the team’s board; only the team sees it.' })
@Entity({ tableName: 'team_creator_comments' })
export class TeamCreatorComment {
  [OptionalProps]?: 'createdAt' | 'author';

  @Field(() => Int, { name: 'databaseId', description: 'The comment’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => TeamCreator, { ref: true, deleteRule: 'cascade' })
  creator!: Ref<TeamCreator>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  author: Ref<User> | null = null;

  @Field(() => String, { description: 'The comment as written, 1 to 2000 characters, line breaks kept.' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => Date, { description: 'When it was written (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
