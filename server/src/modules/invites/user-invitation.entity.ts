import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/index.js';

/**
 * Who invited whom to Byline: an invitation mailed from /invite (email set, invitee null until
 * they sign up), or a friend who signed up through an inviter's link. Never a GraphQL type: the
 * address is the inviter's to know, and the product only tells them who joined.
 */
@Entity({ tableName: 'user_invitations' })
export class UserInvitation {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  inviter!: Ref<User>;

  /** Lower-cased, as accounts store addresses. */
  @Property({ type: 'string', length: 320, nullable: true })
  email: string | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade', unique: 'user_invitations_invitee_id_unique' })
  invitee: Ref<User> | null = null;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
