import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { TeamMemberRole } from '../../../../domain/enums.js';
import { User } from '../users/user.entity.js';
import { Team } from './team.entity.js';

/** An invitation to join a team, accepted at /teams/accept/{code}. The code is a random secret. */
@Entity({ tableName: 'invitations' })
export class Invitation {
  [OptionalProps]?: 'role' | 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index({ name: 'invitations_team_id_index' })
  @ManyToOne(() => Team, { ref: true, deleteRule: 'cascade' })
  team!: Ref<Team>;

  @Property({ type: 'string', length: 64, unique: true })
  code!: string;

  @Index({ name: 'invitations_email_index' })
  @Property({ type: 'string', length: 320 })
  email!: string;

  @Property({ type: 'string', length: 16, default: 'member' })
  role: TeamMemberRole = 'member';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  invitedBy: Ref<User> | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
