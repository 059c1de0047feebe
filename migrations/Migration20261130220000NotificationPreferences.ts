import { Migration } from '@mikro-orm/migrations';

/**
 * Notification preferences (docs/product.md §Notification preferences): a row only where a person
 * chose other than the default; notifications remember whether they still owe a mail (at once or
 * in the digest), found by a partial index; one digest row per person and day makes the daily
 * mail go out once however many workers run.
 */
export class Migration20261130220000NotificationPreferences extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_preferences" ("user_id" int not null references "users" ("id") on delete cascade, "kind" varchar(32) not null, "delivery" varchar(16) not null, "updated_at" timestamptz not null default now(), primary key ("user_id", "kind"))`,
    );
    this.addSql(`alter table "notifications" add column "mail_delivery" varchar(16) null`);
    this.addSql(`create index "notifications_mail_pending_index" on "notifications" ("mail_delivery", "user_id", "id") where "mail_delivery" is not null`);
    this.addSql(`create table "notification_digests" ("user_id" int not null references "users" ("id") on delete cascade, "sent_on" date not null, "sent_at" timestamptz not null default now(), "items" int not null, primary key ("user_id", "sent_on"))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "notification_digests"`);
    this.addSql(`drop index "notifications_mail_pending_index"`);
    this.addSql(`alter table "notifications" drop column "mail_delivery"`);
    this.addSql(`drop table "notification_preferences"`);
  }
}
