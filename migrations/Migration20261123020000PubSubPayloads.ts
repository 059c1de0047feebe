import { Migration } from '@mikro-orm/migrations';

/**
 * PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. A bigger event is stored here and
 * only its id is notified; each listening process reads it back (server/src/pubsub). Unlogged,
 * like NOTIFY itself: an event lost in a crash was lost anyway. The housekeeping job deletes
 * rows once every listener has had ample time to read them.
 */
export class Migration20261123020000PubSubPayloads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "pubsub_payloads" (
      "id" bigserial primary key,
      "envelope" text not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "pubsub_payloads_created_at_index" on "pubsub_payloads" ("created_at")`);
  }
}
