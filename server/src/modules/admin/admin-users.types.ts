import { Field, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { User } from '../users/index.js';

/** One row of the admin user list: the user and what only the admin list shows about them. */
@ObjectType('AdminUser', { description: 'A user as the admin user list shows them: the account and what only admins see about it.' })
export class AdminUser {
  @Field(() => User, { description: 'The account, as everyone sees it.' })
  user!: User;

  @Field(() => Date, { description: 'When the account was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'The latest sign-in (not counting admins acting as them); null when never.' })
  lastSignInAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'PRO an admin gave, invoiced outside Stripe, lasts until then (2500-12-31: never expires); null when none is current.' })
  invoicedProUntil!: Date | null;
}

// No totalCount: counting every account (or every match of a search) is not cheap.
export const AdminUserConnection = connectionType('AdminUser', AdminUser);
