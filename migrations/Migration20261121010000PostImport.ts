import { Migration } from '@mikro-orm/migrations';

/**
 * Post import: who asked for which post (to answer or notify them), the history of every
 * number with when and where it came from, and thumbnails copied into our own storage
 * (network picture URLs expire; PostgreSQL keeps them shared by every server process).
 */
export class Migration20261121010000PostImport extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }
}

const STATEMENTS = [
  `create table "post_track_requests" (
    "id" serial primary key,
    "network_id" smallint not null references "social_networks" ("id"),
    "external_id" varchar(128) not null,
    "user_id" int not null references "users" ("id") on delete cascade,
    "url" text not null,
    "post_id" int null references "posts" ("id") on delete cascade,
    "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'answered', 'imported', 'failed')),
    "message" text null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "post_track_requests_identity_user_unique" unique ("network_id", "external_id", "user_id")
  )`,
  `create index "post_track_requests_user_id_index" on "post_track_requests" ("user_id", "created_at")`,
  `create table "post_stats" (
    "id" bigserial primary key,
    "post_id" int not null references "posts" ("id") on delete cascade,
    "views" bigint null check ("views" >= 0),
    "likes" bigint null check ("likes" >= 0),
    "comments" bigint null check ("comments" >= 0),
    "shares" bigint null check ("shares" >= 0),
    "source" varchar(32) not null,
    "fetched_at" timestamptz not null default now()
  )`,
  `create index "post_stats_post_fetched_at_index" on "post_stats" ("post_id", "fetched_at" desc)`,
  `create table "post_thumbnails" (
    "post_id" int not null references "posts" ("id") on delete cascade,
    "width" int not null check ("width" > 0),
    "content_type" varchar(32) not null,
    "bytes" bytea not null,
    "source_url" text null,
    "created_at" timestamptz not null default now(),
    primary key ("post_id", "width")
  )`,
  // The search box matches posting accounts by display name too.
  `create index "social_accounts_display_name_trgm_index" on "social_accounts" using gin ("display_name" gin_trgm_ops)`,
  `alter table "posts" add column "stats_due_at" timestamptz null`,
  `alter table "posts" add column "thumbnail_stored_at" timestamptz null`,
  `create index "posts_stats_due_at_index" on "posts" ("stats_due_at") where "is_deleted" = false and "import_status" = 'imported'`,
];
