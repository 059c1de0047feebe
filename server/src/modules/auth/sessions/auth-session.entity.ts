import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../users/index.js';

/**
 * One signed-in device or browser: the revocable half of a session. Its refresh token is
 * stored hashed; short-lived JWTs name the session (`sid`) so revoking it ends them at once.
 * While an admin masquerades, `user` is the person acted as and `masqueradingAdmin` the admin.
 */
@Entity({ tableName: 'auth_sessions' })
export class AuthSession {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  masqueradingAdmin: Ref<User> | null = null;

  @Property({ type: 'string', length: 64, columnType: 'char(64)' })
  refreshTokenHash!: string;

  @Property({ type: 'string', length: 300, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastUsedAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
