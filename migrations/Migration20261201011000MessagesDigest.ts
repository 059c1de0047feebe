import { Migration } from '@mikro-orm/migrations';

/**
 * Unread messages in the daily digest (docs/product.md §Messages): the last message of a person's
 * side of a conversation that a digest carried, so no later digest repeats it.
 */
export class Migration20261201011000MessagesDigest extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "conversation_participants" add column "digested_message_id" integer null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "conversation_participants" drop column "digested_message_id"`);
  }
}
