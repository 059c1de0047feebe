import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { CreditStatus } from '../../../../domain/enums.js';
import { Node } from '../../graphql/node.js';
import { SocialAccount } from '../networks/index.js';
import { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { CreditRole } from './credit-role.entity.js';

/**
 * A person credited on a post in a role. One person-role pair per post. The person is a user, or
 * (until they join and claim it) an invitee known by email or by a social account. Only what a
 * viewer may see is exposed, by the credits module's resolvers: status, invitee and token columns
 * are not fields here.
 */
@ObjectType('Credit', { implements: Node, description: 'A person credited on a post in a role.' })
@Entity({ tableName: 'credits' })
@Unique({ name: 'credits_post_user_role_unique', properties: ['post', 'user', 'role'] })
// Accepted credits by post with their person, read from the index alone (migration CreditsAcceptedByPost).
@Index({ name: 'credits_accepted_post_user_index', expression: `create index "credits_accepted_post_user_index" on "credits" ("post_id", "user_id") where "status" = 'accepted' and "user_id" is not null` })
export class Credit {
  [OptionalProps]?: 'createdAt' | 'status';

  @Field(() => Int, { name: 'databaseId', description: 'The credit’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Post, { ref: true, deleteRule: 'cascade' })
  post!: Ref<Post>;

  @Index({ name: 'credits_user_id_index' })
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  user: Ref<User> | null = null;

  @Index({ name: 'credits_role_id_index' })
  @ManyToOne(() => CreditRole, { ref: true })
  role!: Ref<CreditRole>;

  @Property({ type: 'string', length: 16, default: 'pending' })
  status: CreditStatus = 'pending';

  /** Who added it; null once that person deleted their account ("former member"). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  addedBy: Ref<User> | null = null;

  /** Someone not on Byline yet, credited by email; cleared when they claim it. */
  @Property({ type: 'string', length: 320, nullable: true })
  inviteeEmail: string | null = null;

  /** Someone not on Byline yet, credited by a social account; cleared when its owner claims it. */
  @ManyToOne(() => SocialAccount, { ref: true, nullable: true, deleteRule: 'cascade' })
  inviteeAccount: Ref<SocialAccount> | null = null;

  /** SHA-256 of the claim link's token; the token itself is only ever in the link. */
  @Property({ type: 'string', length: 64, nullable: true })
  claimTokenHash: string | null = null;

  /** When the credited person accepted or declined. */
  @Property({ type: 'datetime', nullable: true })
  respondedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
