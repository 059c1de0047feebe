import { Migration } from '@mikro-orm/migrations';

/**
 * PRO given by an admin to a person and invoiced outside Stripe lasts until this moment
 * (docs/product.md §Paid access; 2500-12-31 means it never expires), as a team's invoiced plan does.
 */
export class Migration20261129060000InvoicedPro extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "external_invoice_expiration" timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "external_invoice_expiration"`);
  }
}
