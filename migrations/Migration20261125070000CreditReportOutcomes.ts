import { Migration } from '@mikro-orm/migrations';

/**
 * Credit reports are closed by an admin, who may remove the credit. A closed report keeps who
 * closed it, when, and whether the credit went; so the report outlives the credit it was about,
 * the credit link becomes null on removal (it cascaded) and the report names the post directly.
 * One open report per person and credit: asking twice adds nothing for the admin to read.
 */
export class Migration20261125070000CreditReportOutcomes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "credit_reports" alter column "credit_id" drop not null`);
    this.addSql(`alter table "credit_reports" drop constraint "credit_reports_credit_id_foreign"`);
    this.addSql(`alter table "credit_reports" add constraint "credit_reports_credit_id_foreign" foreign key ("credit_id") references "credits" ("id") on delete set null`);
    this.addSql(`alter table "credit_reports" add column "post_id" int null references "posts" ("id") on delete cascade`);
    this.addSql(`update "credit_reports" r set "post_id" = c."post_id" from "credits" c where c."id" = r."credit_id"`);
    this.addSql(`alter table "credit_reports" add column "closed_at" timestamptz null`);
    this.addSql(`alter table "credit_reports" add column "closed_by_id" int null references "users" ("id") on delete set null`);
    this.addSql(`alter table "credit_reports" add column "credit_removed" boolean not null default false`);
    this.addSql(`update "credit_reports" set "closed_at" = "created_at" where "status" = 0`);
    this.addSql(`alter table "credit_reports" add constraint "credit_reports_closed_check" check (("status" = 1) = ("closed_at" is null))`);
    this.addSql(`create index "credit_reports_status_id_index" on "credit_reports" ("status", "id")`);
    this.addSql(`create index "credit_reports_post_id_index" on "credit_reports" ("post_id")`);
    this.addSql(`create unique index "credit_reports_open_reporter_unique" on "credit_reports" ("credit_id", "reporter_id") where "status" = 1`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "credit_reports_open_reporter_unique"`);
    this.addSql(`drop index "credit_reports_status_id_index"`);
    this.addSql(`alter table "credit_reports" drop constraint "credit_reports_closed_check"`);
    this.addSql(`alter table "credit_reports" drop column "credit_removed", drop column "closed_by_id", drop column "closed_at", drop column "post_id"`);
    this.addSql(`delete from "credit_reports" where "credit_id" is null`);
    this.addSql(`alter table "credit_reports" drop constraint "credit_reports_credit_id_foreign"`);
    this.addSql(`alter table "credit_reports" add constraint "credit_reports_credit_id_foreign" foreign key ("credit_id") references "credits" ("id") on delete cascade`);
    this.addSql(`alter table "credit_reports" alter column "credit_id" set not null`);
  }
}
