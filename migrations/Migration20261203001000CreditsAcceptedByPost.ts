import { Migration } from '@mikro-orm/migrations';

/**
 * Who is publicly credited on a set of posts (a portfolio's collaborators, the people a viewer's
 * own posts touch in the creator search) was read through the unique index on (post, person,
 * role) and then each credit's row for its status: for a member with 10,000 private posts,
 * 10,000 table reads in every search. Accepted credits by post, with their person, are now an
 * index of their own, read without the table: that part of the search went from 48 to 23 ms at
 * 1,000,000 posts (bench/README.md).
 */
export class Migration20261203001000CreditsAcceptedByPost extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "credits_accepted_post_user_index" on "credits" ("post_id", "user_id") where "status" = 'accepted' and "user_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "credits_accepted_post_user_index"`);
  }
}
