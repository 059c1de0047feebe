import { Migration } from '@mikro-orm/migrations';

/**
 * The team a person's team pages, reports and new projects and jobs open on (docs/product.md
 * §Teams, "The current team"). It grants nothing; a team that is deleted leaves it empty.
 */
export class Migration20261130231100CurrentTeam extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "current_team_id" integer null references "teams" ("id") on delete set null`);
    this.addSql(`create index "users_current_team_id_index" on "users" ("current_team_id") where "current_team_id" is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "current_team_id"`);
  }
}
