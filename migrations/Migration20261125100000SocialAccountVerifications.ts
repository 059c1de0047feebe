import { Migration } from '@mikro-orm/migrations';

/**
 * Connected accounts: a user connects a social account, receives a short code to put in the
 * account's bio, and the account becomes theirs once Byline finds the code there. One row per
 * user and account holds the code while the proof is pending; it goes when the account is
 * verified or disconnected. Codes are kept in plain text on purpose: their whole use is to be
 * published in a public bio, and the settings page shows the code again until it is found.
 */
export class Migration20261125100000SocialAccountVerifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "social_account_verifications" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on delete cascade,
      "social_account_id" int not null references "social_accounts" ("id") on delete cascade,
      "code" varchar(32) not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create unique index "social_account_verifications_user_account_unique" on "social_account_verifications" ("user_id", "social_account_id")`,
    );
    this.addSql(`create index "social_account_verifications_account_index" on "social_account_verifications" ("social_account_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "social_account_verifications"`);
  }
}
