import { Field, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/** One row of the admin user list: the user and what only the admin list shows about them. */
@ObjectType('AdminUser', { description: 'A user as the admin user list shows them (spec 2.1).' })
export class AdminUser {
  @Field(() => User)
  user!: User;

  @Field(() => Date, { description: 'When the account was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'The latest sign-in (not counting admins acting as them); null when never.' })
  lastSignInAt!: Date | null;
}

@ObjectType('AdminUserConnection')
export class AdminUserConnection {
  @Field(() => [AdminUser]) nodes!: AdminUser[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field(() => Boolean) hasNextPage!: boolean;
}
