import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import { User } from '../users/user.entity.js';
import { Team } from './team.entity.js';

@ObjectType('TeamMember')
@Entity({ tableName: 'team_members' })
@Unique({ name: 'team_members_team_user_unique', properties: ['team', 'user'] })
export class TeamMember {
  [OptionalProps]?: 'status' | 'role' | 'createdAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @Index({ name: 'team_members_user_id_index' })
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => String, { description: 'manager, member or pro_only.' })
  @Property({ type: 'string', length: 16, default: 'member' })
  role: TeamMemberRole = 'member';

  @Field(() => String, { description: 'active, inactive or invited.' })
  @Property({ type: 'string', length: 16, default: 'invited' })
  status: TeamMemberStatus = 'invited';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
