import { Migration } from '@mikro-orm/migrations';

/**
 * The terms of service are versioned (docs/product.md §Terms): each person's row keeps the version
 * they last acknowledged beside the time they did. Everyone who acknowledged before versions were
 * kept acknowledged the first one, so a newer material version asks them again.
 */
export class Migration20261130090000TermsVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "terms_version" varchar(32) null`);
    this.addSql(`update "users" set "terms_version" = '2026-11-21' where "terms_acknowledged_at" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "terms_version"`);
  }
}
