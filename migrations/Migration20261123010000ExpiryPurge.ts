import { Migration } from '@mikro-orm/migrations';

/**
 * Expired rows are purged in small batches by the housekeeping job (modules/housekeeping): each
 * batch picks its rows by expiry, which without these indexes reads the whole table every time.
 * `rate_limit_hits` gets one too: its keys are chosen by whoever sends requests, so it is the
 * table most worth keeping small.
 */
export class Migration20261123010000ExpiryPurge extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "one_time_tokens_expires_at_index" on "one_time_tokens" ("expires_at")`);
    this.addSql(`create index "auth_sessions_expires_at_index" on "auth_sessions" ("expires_at")`);
    this.addSql(`create index "rate_limit_hits_reset_at_index" on "rate_limit_hits" ("reset_at")`);
  }
}
