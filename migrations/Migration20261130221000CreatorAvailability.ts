import { Migration } from '@mikro-orm/migrations';

/**
 * Availability (docs/product.md §Profiles): whether a creator is open to work, for which credit
 * roles and from when; a row only for people who said something. The partial index serves the
 * creator search's "Open to work" filter.
 */
export class Migration20261130221000CreatorAvailability extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "creator_availability" ("user_id" int not null primary key references "users" ("id") on delete cascade, "open_to_work" boolean not null default false, "role_ids" smallint[] not null default '{}', "available_from" date null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "creator_availability_open_index" on "creator_availability" ("user_id") where "open_to_work"`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "creator_availability"`);
  }
}
