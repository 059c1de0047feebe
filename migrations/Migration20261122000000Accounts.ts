import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts: sessions (revocable refresh tokens), one-time secrets sent by email (verification
 * codes, magic links, password resets) and personal access tokens for integrators. Every
 * secret is stored as a SHA-256 hash: a leaked table signs nobody in.
 */
export class Migration20261122000000Accounts extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }
}

const STATEMENTS = [
  `create table "auth_sessions" (
    "id" serial primary key,
    "user_id" int not null references "users" ("id") on delete cascade,
    "masquerading_admin_id" int null references "users" ("id") on delete cascade,
    "refresh_token_hash" char(64) not null,
    "user_agent" varchar(300) null,
    "expires_at" timestamptz not null,
    "revoked_at" timestamptz null,
    "last_used_at" timestamptz not null default now(),
    "created_at" timestamptz not null default now()
  )`,
  `create unique index "auth_sessions_refresh_token_hash_unique" on "auth_sessions" ("refresh_token_hash")`,
  `create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id") where "revoked_at" is null`,

  `create table "one_time_tokens" (
    "id" serial primary key,
    "purpose" varchar(24) not null check ("purpose" in ('verify_email', 'email_verified', 'magic_link', 'password_reset')),
    "email" varchar(320) not null,
    "user_id" int null references "users" ("id") on delete cascade,
    "secret_hash" char(64) not null,
    "attempts" smallint not null default 0,
    "return_to" varchar(2000) null,
    "expires_at" timestamptz not null,
    "used_at" timestamptz null,
    "created_at" timestamptz not null default now()
  )`,
  `create unique index "one_time_tokens_secret_hash_unique" on "one_time_tokens" ("secret_hash")`,
  `create index "one_time_tokens_purpose_email_index" on "one_time_tokens" ("purpose", lower("email"), "created_at" desc)`,

  `create table "personal_access_tokens" (
    "id" serial primary key,
    "user_id" int not null references "users" ("id") on delete cascade,
    "name" varchar(100) not null,
    "token_hash" char(64) not null,
    "token_hint" varchar(8) not null,
    "expires_at" timestamptz null,
    "last_used_at" timestamptz null,
    "revoked_at" timestamptz null,
    "created_at" timestamptz not null default now()
  )`,
  `create unique index "personal_access_tokens_token_hash_unique" on "personal_access_tokens" ("token_hash")`,
  `create index "personal_access_tokens_user_id_index" on "personal_access_tokens" ("user_id", "created_at" desc)`,
];
