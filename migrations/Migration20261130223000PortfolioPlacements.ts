import { Migration } from '@mikro-orm/migrations';

/**
 * Where a creator puts a credited post on their profile (docs/product.md §Profiles): pinned at a
 * position, or hidden. A row exists only for a post that is pinned or hidden; a post shown as
 * usual has none. The pin positions of one person are unique, checked at the end of the
 * transaction so a reorder may renumber them in any order.
 */
export class Migration20261130223000PortfolioPlacements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "portfolio_placements" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "post_id" int not null references "posts" ("id") on delete cascade,
      "pin_position" smallint null check ("pin_position" >= 0),
      "is_hidden" boolean not null default false,
      "updated_at" timestamptz not null default now(),
      constraint "portfolio_placements_user_post_unique" unique ("user_id", "post_id"),
      constraint "portfolio_placements_user_pin_unique" unique ("user_id", "pin_position") deferrable initially deferred,
      constraint "portfolio_placements_pinned_or_hidden_check" check (("pin_position" is not null) <> "is_hidden")
    )`);
    // The unique (user_id, post_id) index serves the profile grid's join and the owner's lookups;
    // a post's rows are found by post when the post is deleted.
    this.addSql(`create index "portfolio_placements_post_id_index" on "portfolio_placements" ("post_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "portfolio_placements"`);
  }
}
