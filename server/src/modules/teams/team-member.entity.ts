import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { TeamMemberRoleEnum, TeamMemberStatusEnum } from './team.enums.js';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import { User } from '../users/index.js';
import { Team } from './team.entity.js';

@ObjectType('TeamMember', { implements: Node, description: 'A person’s membership of a team, with their role.' })
@Entity({ tableName: 'team_members' })
@Unique({ name: 'team_members_team_user_unique', properties: ['team', 'user'] })
export class TeamMember {
  [OptionalProps]?: 'status' | 'role' | 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The membership’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @Index({ name: 'team_members_user_id_index' })
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => TeamMemberRoleEnum, { description: 'What the member may do: MANAGER, MEMBER or PRO_ONLY.' })
  @Property({ type: 'string', length: 16, default: 'member' })
  role: TeamMemberRole = 'member';

  @Field(() => TeamMemberStatusEnum, { description: 'ACTIVE, INVITED (not yet accepted) or INACTIVE (taken off the team: sees nothing of it).' })
  @Property({ type: 'string', length: 16, default: 'invited' })
  status: TeamMemberStatus = 'invited';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
