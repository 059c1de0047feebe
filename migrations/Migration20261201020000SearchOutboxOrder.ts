import { Migration } from '@mikro-orm/migrations';

/**
 * The search outbox's drain takes the oldest rows first (`order by queued_at, kind, entity_id`,
 * search-index.ts). Without an index in that order every batch sorted the whole outbox: after a
 * reindex or a large seed queued 1,300,000 rows, each batch of a few thousand re-read all of them.
 */
export class Migration20261201020000SearchOutboxOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "search_outbox_queued_index" on "search_outbox" ("queued_at", "kind", "entity_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "search_outbox_queued_index"`);
  }
}
