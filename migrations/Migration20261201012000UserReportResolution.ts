import { Migration } from '@mikro-orm/migrations';

/**
 * Admins resolve reports of people (docs/product.md §Messages, "Reporting"): when, by whom and
 * with what outcome. The admins' list shows open reports by default: a partial index holds them.
 */
export class Migration20261201012000UserReportResolution extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user_reports" add column "resolved_at" timestamptz null, add column "resolved_by_id" integer null references "users" ("id") on delete set null, add column "outcome" varchar(16) null`);
    this.addSql(`create index "user_reports_open_index" on "user_reports" ("id") where "resolved_at" is null`);
    this.addSql(`create index "user_reports_resolved_by_id_index" on "user_reports" ("resolved_by_id") where "resolved_by_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user_reports" drop column "resolved_at", drop column "resolved_by_id", drop column "outcome"`);
  }
}
