import { Migration } from '@mikro-orm/migrations';

/**
 * Product news (docs/product.md §Product news): an announcement an admin sends to every account,
 * delivered by a queue job in batches that moves `delivered_through` (the last account id done)
 * under the announcement's row lock; each person's notification names its announcement, and the
 * unique index keeps it to one per person however many workers run.
 */
export class Migration20261201014500Announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "announcements" ("id" serial primary key, "title" varchar(120) not null, "body" text not null, "link" varchar(2048) null, "status" varchar(16) not null default 'sending', "delivered_through" int not null default 0, "reached_count" int not null default 0, "created_by_id" int null references "users" ("id") on delete set null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null)`,
    );
    this.addSql(`alter table "notifications" add column "announcement_id" int null references "announcements" ("id") on delete cascade`);
    this.addSql(`create unique index "notifications_user_announcement_unique" on "notifications" ("user_id", "announcement_id") where "announcement_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "notifications_user_announcement_unique"`);
    this.addSql(`alter table "notifications" drop column "announcement_id"`);
    this.addSql(`drop table "announcements"`);
  }
}
