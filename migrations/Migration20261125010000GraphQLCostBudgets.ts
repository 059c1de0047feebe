import { Migration } from '@mikro-orm/migrations';

/**
 * The hourly GraphQL point budget of each caller (a personal access token, a user, or a client
 * address), spent by each operation's computed cost (server/src/graphql/cost-limit). One row per
 * caller, upserted once per request. Unlogged like `rate_limit_hits`: a crash only hands every
 * caller a fresh hour. Indexed by reset time for the housekeeping purge.
 */
export class Migration20261125010000GraphQLCostBudgets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "graphql_cost_budgets" (
      "key" text primary key,
      "used" integer not null,
      "reset_at" timestamptz not null
    )`);
    this.addSql(`create index "graphql_cost_budgets_reset_at_index" on "graphql_cost_budgets" ("reset_at")`);
  }
}
