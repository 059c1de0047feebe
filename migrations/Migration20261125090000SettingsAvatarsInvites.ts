import { Migration } from '@mikro-orm/migrations';

/**
 * Profile pictures people upload on /settings, and invitations to join Byline.
 *
 * - `user_avatars` keeps an uploaded picture in PostgreSQL (as post thumbnails are), so every
 *   server process can serve it: the stored width, plus smaller widths made on first request.
 *   `version` changes with each upload and is part of the picture's address, so browsers and
 *   caches may keep each version for good.
 * - `user_invitations` records who invited whom: a row per invitation mailed (email set, invitee
 *   null until they sign up) and a row per friend who signed up through an inviter's link. A
 *   person joins through at most one inviter (unique invitee).
 */
export class Migration20261125090000SettingsAvatarsInvites extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "user_avatars" (
      "user_id" int not null references "users" ("id") on delete cascade,
      "width" int not null check ("width" > 0),
      "version" varchar(16) not null,
      "content_type" varchar(32) not null,
      "bytes" bytea not null,
      "created_at" timestamptz not null default now(),
      primary key ("user_id", "width")
    )`);
    this.addSql(`create table "user_invitations" (
      "id" serial primary key,
      "inviter_id" int not null references "users" ("id") on delete cascade,
      "email" varchar(320) null,
      "invitee_id" int null references "users" ("id") on delete cascade,
      "accepted_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "user_invitations_someone_check" check ("email" is not null or "invitee_id" is not null)
    )`);
    this.addSql(`create unique index "user_invitations_invitee_id_unique" on "user_invitations" ("invitee_id")`);
    this.addSql(`create index "user_invitations_inviter_id_created_at_index" on "user_invitations" ("inviter_id", "created_at")`);
    // Addresses are stored lower-cased (as accounts store them), so the plain column is what sign-up looks up.
    this.addSql(`create index "user_invitations_open_email_index" on "user_invitations" ("email") where "invitee_id" is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_invitations"`);
    this.addSql(`drop table if exists "user_avatars"`);
  }
}
