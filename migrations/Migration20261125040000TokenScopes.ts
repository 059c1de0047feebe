import { Migration } from '@mikro-orm/migrations';

/**
 * Personal access tokens get a scope: read_only tokens may not change anything. Tokens made
 * before scopes existed could always write, so they become read_write and keep working as they did.
 */
export class Migration20261125040000TokenScopes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "personal_access_tokens" add column "scope" varchar(16) not null default 'read_write'`);
    this.addSql(`alter table "personal_access_tokens" add constraint "personal_access_tokens_scope_check" check ("scope" in ('read_only', 'read_write'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "personal_access_tokens" drop column "scope"`);
  }
}
