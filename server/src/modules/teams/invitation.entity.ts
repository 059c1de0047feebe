import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { TeamMemberRole } from '../../../../domain/enums.js';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { TeamMemberRoleEnum } from './team.enums.js';
import { Team } from './team.entity.js';

/**
 * An invitation to join a team, mailed to an address and accepted once at /teams/accept/{code}.
 * The code is a random secret; it is shown only to the person invited.
 */
@ObjectType('TeamInvitation', { implements: Node, description: 'An invitation to join a team, sent to an email address. It works once, until it expires.' })
@Entity({ tableName: 'invitations' })
export class Invitation {
  [OptionalProps]?: 'role' | 'createdAt' | 'acceptedBy' | 'acceptedAt' | 'invitedBy';

  @Field(() => Int, { name: 'databaseId', description: 'The invitation’s number in the REST API.' })
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

  @Field(() => TeamMemberRoleEnum, { description: 'The role the person gets on accepting.' })
  @Property({ type: 'string', length: 16, default: 'member' })
  role: TeamMemberRole = 'member';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  invitedBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'After this moment the link no longer works.' })
  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was used; an invitation works once.' })
  @Property({ type: 'datetime', nullable: true })
  acceptedAt: Date | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  acceptedBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the invitation was sent (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
