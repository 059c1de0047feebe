import { Migration } from '@mikro-orm/migrations';

/**
 * Home and Content Manager (issue 14): the landing page's testimonials (seeded), bulk imports
 * with one row per pasted link (its outcome, so the summary survives a reload), the manual
 * "Refresh now" log (per-user rate limit), and the indexes that make the viewer's posts
 * (tracked, credited, posted by a verified account) one indexed union.
 */
export class Migration20261125140000HomeManager extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "post_track_requests_user_post_index"`);
    this.addSql(`drop index if exists "credits_user_post_index"`);
    this.addSql(`drop table if exists "manual_stats_refreshes"`);
    this.addSql(`drop table if exists "bulk_import_items"`);
    this.addSql(`drop table if exists "bulk_imports"`);
    this.addSql(`drop table if exists "testimonials"`);
  }
}

const STATEMENTS = [
  `create table "testimonials" (
    "id" serial primary key,
    "quote" text not null check (length(btrim("quote")) > 0),
    "author_name" varchar(120) not null,
    "author_title" varchar(160) null,
    "avatar_url" text null,
    "position" smallint not null default 0,
    "is_published" boolean not null default true,
    "created_at" timestamptz not null default now()
  )`,
  `create index "testimonials_published_position_index" on "testimonials" ("position", "id") where "is_published"`,
  `insert into "testimonials" ("quote", "author_name", "author_title", "position") values
    ('Every video I shoot now links back to me. Brands find my work through the credits instead of my DMs.', 'Maya Okafor', 'Director of Photography', 1),
    ('We paste a campaign''s links once and the numbers keep themselves up to date. Reporting went from a day to ten minutes.', 'Jonas Lindqvist', 'Social Lead, Northwind Studio', 2),
    ('Finally a portfolio that shows the editors and colourists too, not just the account that posted it.', 'Priya Raman', 'Editor', 3)`,
  `create table "bulk_imports" (
    "id" serial primary key,
    "user_id" int not null references "users" ("id") on delete cascade,
    "total" int not null check ("total" >= 0),
    "created_at" timestamptz not null default now()
  )`,
  `create index "bulk_imports_user_id_index" on "bulk_imports" ("user_id", "id")`,
  `create table "bulk_import_items" (
    "id" serial primary key,
    "bulk_import_id" int not null references "bulk_imports" ("id") on delete cascade,
    "position" int not null,
    "url" text not null,
    "network_id" smallint null,
    "external_id" varchar(128) null,
    "outcome" varchar(16) not null check ("outcome" in ('queued', 'existing', 'imported', 'failed', 'duplicate', 'invalid')),
    "message" text null,
    "post_id" int null references "posts" ("id") on delete set null,
    "updated_at" timestamptz not null default now()
  )`,
  `create index "bulk_import_items_bulk_import_index" on "bulk_import_items" ("bulk_import_id", "position")`,
  `create index "bulk_import_items_queued_identity_index" on "bulk_import_items" ("network_id", "external_id") where "outcome" = 'queued'`,
  `create table "manual_stats_refreshes" (
    "id" bigserial primary key,
    "user_id" int not null references "users" ("id") on delete cascade,
    "post_id" int not null references "posts" ("id") on delete cascade,
    "created_at" timestamptz not null default now()
  )`,
  `create index "manual_stats_refreshes_user_created_at_index" on "manual_stats_refreshes" ("user_id", "created_at")`,
  // The three arms of the viewer's posts: tracked, credited, posted by a verified own account.
  `create index "post_track_requests_user_post_index" on "post_track_requests" ("user_id", "post_id") where "post_id" is not null`,
  `create index "credits_user_post_index" on "credits" ("user_id", "post_id")`,
];
