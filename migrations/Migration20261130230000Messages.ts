import { Migration } from '@mikro-orm/migrations';

/**
 * Messages between two people (docs/product.md §Messages): conversations (one per ordered pair and
 * context), each person's read state, the messages, blocks and reports. The context is a plain id
 * (no foreign key) so deleting a job or project leaves its conversations and their uniqueness.
 */
export class Migration20261130230000Messages extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_reports"`);
    this.addSql(`drop table if exists "user_blocks"`);
    this.addSql(`drop table if exists "messages"`);
    this.addSql(`drop table if exists "conversation_participants"`);
    this.addSql(`drop table if exists "conversations"`);
  }
}

const STATEMENTS = [
  `create table "conversations" (
    "id" serial primary key,
    "user_low_id" int not null references "users" ("id") on delete cascade,
    "user_high_id" int not null references "users" ("id") on delete cascade,
    "started_by_id" int null references "users" ("id") on delete set null,
    "context_job_id" int null,
    "context_project_id" int null,
    "last_message_id" int null,
    "last_message_at" timestamptz not null default now(),
    "created_at" timestamptz not null default now(),
    constraint "conversations_pair_order_check" check ("user_low_id" < "user_high_id"),
    constraint "conversations_one_context_check" check (num_nonnulls("context_job_id", "context_project_id") <= 1)
  )`,
  // Start-or-reuse: one conversation per pair and context, whichever of the two writes first.
  `create unique index "conversations_pair_context_unique" on "conversations" ("user_low_id", "user_high_id", coalesce("context_job_id", 0), coalesce("context_project_id", 0))`,
  `create index "conversations_user_high_id_index" on "conversations" ("user_high_id")`,
  // The new-account limit counts a person's conversations started in the last day.
  `create index "conversations_started_by_created_index" on "conversations" ("started_by_id", "created_at")`,
  `create table "conversation_participants" (
    "id" serial primary key,
    "conversation_id" int not null references "conversations" ("id") on delete cascade,
    "user_id" int not null references "users" ("id") on delete cascade,
    "last_message_id" int not null,
    "last_read_message_id" int null,
    "last_read_at" timestamptz null,
    constraint "conversation_participants_conversation_user_unique" unique ("conversation_id", "user_id")
  )`,
  // A person's conversations, newest activity first, and their unread count.
  `create index "conversation_participants_user_last_message_index" on "conversation_participants" ("user_id", "last_message_id")`,
  `create table "messages" (
    "id" serial primary key,
    "conversation_id" int not null references "conversations" ("id") on delete cascade,
    "sender_id" int not null references "users" ("id") on delete cascade,
    "body" text not null check (length("body") between 1 and 5000),
    "created_at" timestamptz not null default now()
  )`,
  `create index "messages_conversation_id_index" on "messages" ("conversation_id", "id")`,
  `create index "messages_sender_id_index" on "messages" ("sender_id")`,
  `create table "user_blocks" (
    "id" serial primary key,
    "blocker_id" int not null references "users" ("id") on delete cascade,
    "blocked_id" int not null references "users" ("id") on delete cascade,
    "created_at" timestamptz not null default now(),
    constraint "user_blocks_blocker_blocked_unique" unique ("blocker_id", "blocked_id"),
    constraint "user_blocks_not_self_check" check ("blocker_id" <> "blocked_id")
  )`,
  `create index "user_blocks_blocked_id_index" on "user_blocks" ("blocked_id")`,
  `create table "user_reports" (
    "id" serial primary key,
    "reporter_id" int null references "users" ("id") on delete set null,
    "reported_id" int not null references "users" ("id") on delete cascade,
    "reason" varchar(1000) not null,
    "conversation_id" int null,
    "created_at" timestamptz not null default now()
  )`,
  `create index "user_reports_reported_id_index" on "user_reports" ("reported_id")`,
  `create index "user_reports_reporter_id_index" on "user_reports" ("reporter_id")`,
];
