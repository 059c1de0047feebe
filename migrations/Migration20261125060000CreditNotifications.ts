import { Migration } from '@mikro-orm/migrations';

/**
 * A notification about a credit names it, so the notifications page can offer Accept and
 * Decline next to it. Removing the credit keeps the notification (its words still say what
 * happened) without the buttons.
 */
export class Migration20261125060000CreditNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" add column "credit_id" int null references "credits" ("id") on delete set null`);
    this.addSql(`create index "notifications_credit_id_index" on "notifications" ("credit_id") where "credit_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications" drop column "credit_id"`);
  }
}
