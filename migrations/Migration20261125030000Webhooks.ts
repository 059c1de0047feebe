import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: integrators' endpoints (the signing secret encrypted, since the server signs with
 * it) and the log of every delivery attempt, which goes with its webhook.
 */
export class Migration20261125030000Webhooks extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }
}

const EVENTS = `'POST_IMPORTED', 'CREDIT_ADDED', 'CREDIT_ACCEPTED', 'CREDIT_DECLINED', 'TEAM_MEMBER_JOINED'`;

const STATEMENTS = [
  `create table "webhooks" (
    "id" serial primary key,
    "user_id" int not null references "users" ("id") on delete cascade,
    "url" text not null check (length("url") <= 2048),
    "events" text[] not null check (cardinality("events") > 0 and "events" <@ array[${EVENTS}]),
    "secret_ciphertext" text not null,
    "secret_hint" varchar(8) not null,
    "active" boolean not null default true,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now()
  )`,
  `create index "webhooks_user_id_index" on "webhooks" ("user_id")`,
  `create table "webhook_deliveries" (
    "id" serial primary key,
    "webhook_id" int not null references "webhooks" ("id") on delete cascade,
    "event_id" varchar(40) not null,
    "event" varchar(32) not null check ("event" in (${EVENTS})),
    "attempt" smallint not null check ("attempt" >= 1),
    "outcome" varchar(16) not null check ("outcome" in ('SUCCEEDED', 'RETRYING', 'FAILED')),
    "response_status" smallint null,
    "duration_ms" int null,
    "error" text null,
    "created_at" timestamptz not null default now()
  )`,
  `create index "webhook_deliveries_webhook_id_index" on "webhook_deliveries" ("webhook_id", "id")`,
  // The housekeeping purge drops attempts older than 30 days.
  `create index "webhook_deliveries_created_at_index" on "webhook_deliveries" ("created_at")`,
];
