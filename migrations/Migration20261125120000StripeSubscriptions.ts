import { Migration } from '@mikro-orm/migrations';

/**
 * Stripe subscriptions: every webhook event received (by Stripe's id, so a repeat is stored
 * once and skipped), each subscription as last read from Stripe (PRO for a user, a plan for a
 * team) and the invoices Stripe sent for them, listed on the team's billing page.
 */
export class Migration20261125120000StripeSubscriptions extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }
}

const STATEMENTS = [
  `create table "stripe_events" (
    "id" varchar(255) primary key,
    "type" varchar(100) not null,
    "received_at" timestamptz not null default now(),
    "processed_at" timestamptz null
  )`,
  `create table "subscriptions" (
    "id" serial primary key,
    "stripe_subscription_id" varchar(255) not null,
    "stripe_customer_id" varchar(255) not null,
    "user_id" int null references "users" ("id") on delete set null,
    "team_id" int null references "teams" ("id") on delete set null,
    "plan" varchar(16) not null check ("plan" in ('pro', 'teams', 'starter')),
    "status" varchar(32) not null,
    "seats" int not null default 1 check ("seats" >= 0),
    "collection_method" varchar(32) not null default 'charge_automatically',
    "cancel_at_period_end" boolean not null default false,
    "current_period_end" timestamptz null,
    "trial_end" timestamptz null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id")
  )`,
  `create index "subscriptions_user_id_index" on "subscriptions" ("user_id")`,
  `create index "subscriptions_team_id_index" on "subscriptions" ("team_id")`,
  `create table "invoices" (
    "id" serial primary key,
    "stripe_invoice_id" varchar(255) not null,
    "subscription_id" int not null references "subscriptions" ("id") on delete cascade,
    "team_id" int null references "teams" ("id") on delete cascade,
    "number" varchar(64) null,
    "status" varchar(16) not null,
    "amount_due" int not null default 0,
    "amount_paid" int not null default 0,
    "currency" varchar(3) not null,
    "hosted_invoice_url" text null,
    "period_end" timestamptz null,
    "created_at" timestamptz not null default now(),
    constraint "invoices_stripe_invoice_id_unique" unique ("stripe_invoice_id")
  )`,
  `create index "invoices_subscription_id_index" on "invoices" ("subscription_id", "id")`,
  `create index "invoices_team_id_index" on "invoices" ("team_id", "id")`,
];
