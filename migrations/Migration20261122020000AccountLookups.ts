import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for lookups the accounts code makes that the Accounts migration did not serve:
 * - one-time tokens are looked up by address as stored (already lower-cased: `email = ?`), which
 *   an index on `lower(email)` cannot answer; the latest code of an address is found on every
 *   code check and old codes are deleted on every new one;
 * - the masquerades an admin opened are ended with their own sessions (password reset), and
 *   removed with them when the admin's account is deleted.
 */
export class Migration20261122020000AccountLookups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "one_time_tokens_purpose_email_index"`);
    this.addSql(`create index "one_time_tokens_purpose_email_index" on "one_time_tokens" ("purpose", "email", "created_at" desc)`);
    this.addSql(
      `create index "auth_sessions_masquerading_admin_id_index" on "auth_sessions" ("masquerading_admin_id") where "masquerading_admin_id" is not null`,
    );
  }
}
