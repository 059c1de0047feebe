import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../users/user.entity.js';

/** A token an integrator sends as `Authorization: Bearer byl_pat_…`. Shown once, stored hashed. */
@Entity({ tableName: 'personal_access_tokens' })
export class PersonalAccessToken {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 64, columnType: 'char(64)' })
  tokenHash!: string;

  /** Last characters of the token, so its owner can tell tokens apart in a list. */
  @Property({ type: 'string', length: 8 })
  tokenHint!: string;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
