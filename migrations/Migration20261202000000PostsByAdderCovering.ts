import { Migration } from '@mikro-orm/migrations';

/**
 * The creator search adds up the posts only its viewer may see: for someone with thousands of
 * private posts, each on a page of its own, fetching them read thousands of table pages. The
 * index on who added a post now carries what that needs (id, visibility, views, network), so
 * they are read from the index alone; lookups by adder use it as before.
 */
export class Migration20261202000000PostsByAdderCovering extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "posts_created_by_id_index"`);
    this.addSql(`create index "posts_created_by_id_index" on "posts" ("created_by_id") include ("id", "is_private", "type", "views", "network_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "posts_created_by_id_index"`);
    this.addSql(`create index "posts_created_by_id_index" on "posts" ("created_by_id")`);
  }
}
