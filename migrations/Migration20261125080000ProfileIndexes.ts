import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for profiles (portfolios):
 * - a user's accepted credits by role and post: the portfolio's posts, its roles with counts and
 *   the role filter read only this index;
 * - a company's verified accounts: the posts of its accounts join through here.
 * Collaborators look credits up by post, which the (post, user, role) unique index already serves.
 */
export class Migration20261125080000ProfileIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "credits_accepted_user_role_post_index" on "credits" ("user_id", "role_id", "post_id") where "status" = 'accepted'`);
    this.addSql(`create index "social_accounts_verified_owner_index" on "social_accounts" ("owner_id") where "owner_verified_at" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "social_accounts_verified_owner_index"`);
    this.addSql(`drop index "credits_accepted_user_role_post_index"`);
  }
}
