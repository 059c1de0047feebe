import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/index.js';
import { SocialAccount } from '../networks/index.js';

/**
 * A user's pending proof that a social account is theirs: the code to put in the account's
 * bio and until when it counts. One per user and account; it goes once the account is
 * verified or disconnected. The code is kept in plain text: it is made to be published in a
 * public bio, so hashing it would hide nothing, and the settings page shows it again.
 */
@Entity({ tableName: 'social_account_verifications' })
@Unique({ name: 'social_account_verifications_user_account_unique', properties: ['user', 'socialAccount'] })
@Index({ name: 'social_account_verifications_account_index', properties: ['socialAccount'] })
export class SocialAccountVerification {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => SocialAccount, { ref: true, deleteRule: 'cascade' })
  socialAccount!: Ref<SocialAccount>;

  @Property({ type: 'string', length: 32 })
  code!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
