import { Migration } from '@mikro-orm/migrations';

/**
 * Credits gain consent and invitees; profiles gain their text; social accounts gain what a
 * profile shows of them.
 *
 * - A credit is pending until the credited person accepts it (declined ones are kept so the
 *   same person is not asked again for the same role). Credits that existed before consent
 *   were added by the people themselves, so they become accepted.
 * - Someone not on Byline yet is credited by email or by a social account (network + handle);
 *   `user_id` stays null until they sign up or connect that account, and a hashed claim token
 *   backs the link they are sent.
 * - `added_by_id` survives its author's deletion as null ("former member").
 */
export class Migration20261125050000CreditsConsentProfiles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "credits" alter column "user_id" drop not null`);
    this.addSql(`alter table "credits" add column "status" varchar(16) not null default 'accepted'`);
    this.addSql(`alter table "credits" add constraint "credits_status_check" check ("status" in ('pending', 'accepted', 'declined'))`);
    this.addSql(`alter table "credits" alter column "status" set default 'pending'`);
    this.addSql(`alter table "credits" add column "added_by_id" int null references "users" ("id") on delete set null`);
    this.addSql(`alter table "credits" add column "invitee_email" varchar(320) null`);
    this.addSql(`alter table "credits" add column "invitee_account_id" int null references "social_accounts" ("id") on delete cascade`);
    this.addSql(`alter table "credits" add column "claim_token_hash" varchar(64) null`);
    this.addSql(`alter table "credits" add column "responded_at" timestamptz null`);
    this.addSql(
      `alter table "credits" add constraint "credits_person_check" check ("user_id" is not null or "invitee_email" is not null or "invitee_account_id" is not null)`,
    );
    this.addSql(`create unique index "credits_claim_token_hash_unique" on "credits" ("claim_token_hash")`);
    this.addSql(
      `create unique index "credits_post_invitee_email_role_unique" on "credits" ("post_id", lower("invitee_email"), "role_id") where "user_id" is null and "invitee_email" is not null`,
    );
    this.addSql(
      `create unique index "credits_post_invitee_account_role_unique" on "credits" ("post_id", "invitee_account_id", "role_id") where "user_id" is null and "invitee_account_id" is not null`,
    );
    this.addSql(`create index "credits_invitee_email_lower_index" on "credits" (lower("invitee_email")) where "user_id" is null`);
    this.addSql(`create index "credits_invitee_account_id_index" on "credits" ("invitee_account_id") where "user_id" is null`);
    this.addSql(`create index "credits_added_by_id_index" on "credits" ("added_by_id")`);
    this.addSql(`create index "credits_user_id_status_index" on "credits" ("user_id", "status")`);

    this.addSql(`alter table "users" add column "bio" varchar(1000) null`);
    this.addSql(`alter table "users" add column "website" varchar(2048) null`);
    this.addSql(`alter table "users" add column "location_name" varchar(200) null`);

    this.addSql(`alter table "social_accounts" add column "follower_count" bigint null`);
    this.addSql(`alter table "social_accounts" add column "owner_verified_at" timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "social_accounts" drop column "owner_verified_at", drop column "follower_count"`);
    this.addSql(`alter table "users" drop column "location_name", drop column "website", drop column "bio"`);
    this.addSql(`delete from "credits" where "user_id" is null`);
    this.addSql(
      `alter table "credits" drop column "responded_at", drop column "claim_token_hash", drop column "invitee_account_id", drop column "invitee_email", drop column "added_by_id", drop column "status"`,
    );
    this.addSql(`alter table "credits" alter column "user_id" set not null`);
  }
}
