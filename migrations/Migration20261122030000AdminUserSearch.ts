import { Migration } from '@mikro-orm/migrations';

/**
 * The admin user list (spec 2.1, 4.6):
 * - it searches email as well as username and name, with `ILIKE '%…%'`, which only a trigram
 *   index answers without reading the whole table;
 * - each page shows when its people last signed in: the latest `login` audit row per user,
 *   among the many other audit rows a user collects.
 */
export class Migration20261122030000AdminUserSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_email_trgm_index" on "users" using gin ("email" gin_trgm_ops)`);
    this.addSql(`create index "audit_logs_login_actor_index" on "audit_logs" ("actor_id", "created_at" desc) where "action" = 'login'`);
  }
}
