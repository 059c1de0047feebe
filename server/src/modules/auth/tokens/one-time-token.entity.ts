import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../users/index.js';

/**
 * What a one-time secret is for. `email_verified` is the proof handed back after a correct
 * verification code, spent by the sign-up call.
 */
export const ONE_TIME_TOKEN_PURPOSES = ['verify_email', 'email_verified', 'magic_link', 'password_reset'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** A secret sent by email (code or link): hashed, bound to one address, short-lived, single use. */
@Entity({ tableName: 'one_time_tokens' })
export class OneTimeToken {
  [OptionalProps]?: 'createdAt' | 'attempts';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 24 })
  purpose!: OneTimeTokenPurpose;

  /** Lower-cased address the secret was sent to. */
  @Property({ type: 'string', length: 320 })
  email!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  user: Ref<User> | null = null;

  @Property({ type: 'string', length: 64, columnType: 'char(64)' })
  secretHash!: string;

  /** Wrong guesses so far (codes only). */
  @Property({ type: 'smallint' })
  attempts: number = 0;

  /** Same-site path to open after a magic-link sign-in. */
  @Property({ type: 'string', length: 2000, nullable: true })
  returnTo: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
