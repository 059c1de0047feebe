import { Migration } from '@mikro-orm/migrations';

/**
 * Billing: the Stripe customer of a user, remembered once found or created so the billing
 * portal does not search Stripe by email on every visit (and an email change keeps the
 * customer). Unique: one customer pays for one user.
 */
export class Migration20261122010000Billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "stripe_customer_id" varchar(255) null`);
    this.addSql(`alter table "users" add constraint "users_stripe_customer_id_unique" unique ("stripe_customer_id")`);
  }
}
