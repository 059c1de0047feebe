import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../../graphql/node.js';
import { SocialAccount } from '../../networks/index.js';
import { User } from '../../users/index.js';
import { Team } from '../team.entity.js';

/** A social account a team manages: the team's members may credit people on its posts, and its posts go into the team's reports. */
@ObjectType('TeamManagedAccount', { implements: Node, description: 'A social account a team manages. Members of the team may credit people on its posts.' })
@Entity({ tableName: 'team_accounts' })
@Unique({ name: 'team_accounts_team_account_unique', properties: ['team', 'socialAccount'] })
export class TeamAccount {
  [OptionalProps]?: 'createdAt' | 'addedBy';

  @Field(() => Int, { name: 'databaseId', description: 'The number of this managed account in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @ManyToOne(() => SocialAccount, { ref: true, deleteRule: 'cascade' })
  socialAccount!: Ref<SocialAccount>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  addedBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the team started managing it.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
