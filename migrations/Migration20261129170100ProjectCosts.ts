import { Migration } from '@mikro-orm/migrations';

/**
 * A project's costs and budget (docs/product.md §Projects). Amounts are whole minor units of an
 * ISO 4217 currency (bigint, never a float); a line's amount × quantity stays within 10^12 so
 * every total is exact. A cost names at most one payee: a collaborator of the project or a vendor.
 */
export class Migration20261129170100ProjectCosts extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "project_costs"`);
    this.addSql(`alter table "projects" drop constraint if exists "projects_budget_check", drop column if exists "budget_amount", drop column if exists "budget_currency"`);
  }
}

const STATEMENTS = [
  `alter table "projects"
    add column "budget_amount" bigint null,
    add column "budget_currency" char(3) null,
    add constraint "projects_budget_check" check (("budget_amount" is null) = ("budget_currency" is null) and ("budget_amount" is null or "budget_amount" >= 0))`,
  `create table "project_costs" (
    "id" serial primary key,
    "project_id" int not null references "projects" ("id") on delete cascade,
    "category" varchar(24) not null check ("category" in ('crew', 'talent', 'equipment', 'location', 'travel', 'post_production', 'licensing', 'other')),
    "description" varchar(200) not null check (length(btrim("description")) > 0),
    "amount" bigint not null check ("amount" >= 0),
    "currency" char(3) not null check ("currency" ~ '^[A-Z]{3}$'),
    "quantity" int not null check ("quantity" between 1 and 100000),
    "payee_collaborator_id" int null references "project_collaborators" ("id") on delete set null,
    "vendor_name" varchar(120) null,
    "paid" boolean not null default false,
    "created_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "project_costs_line_check" check ("amount" * "quantity" <= 1000000000000),
    constraint "project_costs_one_payee_check" check (num_nonnulls("payee_collaborator_id", "vendor_name") <= 1)
  )`,
  // Pages of a project's costs (keyset by id) and its totals.
  `create index "project_costs_project_id_index" on "project_costs" ("project_id", "id")`,
  // Clearing the payee when a collaborator leaves, and "what was this person paid".
  `create index "project_costs_payee_collaborator_index" on "project_costs" ("payee_collaborator_id") where "payee_collaborator_id" is not null`,
  `create index "project_costs_created_by_id_index" on "project_costs" ("created_by_id") where "created_by_id" is not null`,
];
