import { Migration } from '@mikro-orm/migrations';

/**
 * The per-sender message limits (docs/product.md §Messages) count a sender's messages of the last
 * minute and day: one range of this index. It replaces the index on the sender alone, whose
 * prefix it is (deleting an account still finds its messages by it).
 */
export class Migration20261201010000MessageSendingLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "messages_sender_created_index" on "messages" ("sender_id", "created_at")`);
    this.addSql(`drop index "messages_sender_id_index"`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "messages_sender_id_index" on "messages" ("sender_id")`);
    this.addSql(`drop index "messages_sender_created_index"`);
  }
}
