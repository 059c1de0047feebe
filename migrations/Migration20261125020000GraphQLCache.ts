import { Migration } from '@mikro-orm/migrations';

/**
 * Apollo Server's key-value cache in PostgreSQL (server/src/graphql/persisted-queries.ts), so an
 * automatic persisted query registered on one server process runs by its hash on every other.
 * Unlogged: losing it in a crash only makes clients send their queries once more. Rows past
 * `expires_at` read as missing and are purged by the housekeeping job.
 */
export class Migration20261125020000GraphQLCache extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "graphql_cache" (
      "key" text primary key,
      "value" text not null,
      "expires_at" timestamptz null
    )`);
    this.addSql(`create index "graphql_cache_expires_at_index" on "graphql_cache" ("expires_at")`);
  }
}
