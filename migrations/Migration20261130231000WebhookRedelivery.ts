import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery log keeps what a redelivery needs and what the owner debugs with
 * (docs/product.md §Webhooks): the event's payload (its time and data, so a redelivery sends the
 * same body), an excerpt of the receiver's answer, and which delivery a redelivery repeats.
 * Attempts logged before this have no payload and cannot be redelivered.
 */
export class Migration20261130231000WebhookRedelivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries"
      add column "payload" jsonb null,
      add column "response_excerpt" text null,
      add column "redelivery_of_id" integer null references "webhook_deliveries" ("id") on delete set null`);
    this.addSql(`create index "webhook_deliveries_redelivery_of_id_index" on "webhook_deliveries" ("redelivery_of_id") where "redelivery_of_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop column "payload", drop column "response_excerpt", drop column "redelivery_of_id"`);
  }
}
