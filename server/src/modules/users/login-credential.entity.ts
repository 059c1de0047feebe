import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity.js';

export const LOGIN_PROVIDERS = ['email', 'google', 'twitter', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/**
 * One way a person signs in. Identities are keyed by provider plus the provider's own user id
 * (the lower-cased address for email), so one person may link several logins.
 * Never exposed through GraphQL: it holds the password hash.
 */
@Entity({ tableName: 'login_credentials' })
@Unique({ name: 'login_credentials_provider_identity_unique', properties: ['provider', 'providerUserId'] })
export class LoginCredential {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index({ name: 'login_credentials_user_id_index' })
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 16 })
  provider!: LoginProvider;

  @Property({ type: 'string', length: 320 })
  providerUserId!: string;

  @Property({ type: 'text', nullable: true, lazy: true })
  passwordHash: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
