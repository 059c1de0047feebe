import { Migration } from '@mikro-orm/migrations';

/**
 * Events (docs/product.md §Events): an event is a tag of type 1 (event) with a page of its own at
 * `/{slug}`, its days, its place and a cover picture, stored as profile pictures are. Slugs are
 * unique case-insensitively, as usernames are, with which they share the top-level addresses.
 * Sports Summit 26 is seeded here so that every install, a fresh one too, has its page.
 */
export class Migration20261129210000Events extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "event_covers"`);
    this.addSql(`drop table if exists "events"`);
  }
}

const STATEMENTS = [
  `create table "events" (
    "id" serial primary key,
    "tag_id" int not null constraint "events_tag_id_unique" unique references "tags" ("id") on delete cascade,
    "slug" varchar(40) not null check ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    "starts_on" date not null,
    "ends_on" date not null,
    "place_name" varchar(200) null,
    "place_geohash" varchar(9) null,
    "cover_version" varchar(16) null,
    "cover_alt" varchar(300) null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "events_dates_in_order" check ("ends_on" >= "starts_on"),
    constraint "events_place_whole" check (("place_name" is null) = ("place_geohash" is null))
  )`,
  `create unique index "events_slug_lower_unique" on "events" (lower("slug"))`,
  `create table "event_covers" (
    "event_id" int not null references "events" ("id") on delete cascade,
    "width" smallint not null,
    "version" varchar(16) not null,
    "content_type" varchar(32) not null,
    "bytes" bytea not null,
    primary key ("event_id", "width")
  )`,
  // The seeded instance; an install whose admins already made a tag of that name keeps theirs.
  `insert into "tags" ("tag_type_id", "name") values (1, 'Sports Summit 26') on conflict do nothing`,
  `insert into "events" ("tag_id", "slug", "starts_on", "ends_on", "place_name", "place_geohash")
    select t."id", 'sportssummit26', date '2026-06-10', date '2026-06-12', 'Lisbon, Portugal', 'eycs21'
    from "tags" t where t."tag_type_id" = 1 and lower(t."name") = lower('Sports Summit 26')
    and not exists (select 1 from "users" u where lower(u."username") = 'sportssummit26')
    on conflict do nothing`,
];
