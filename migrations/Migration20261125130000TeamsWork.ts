import { Migration } from '@mikro-orm/migrations';

/**
 * What teams work with: the social accounts a team manages (their posts can be credited by the
 * team's members), creator stages (a pipeline board: columns the team names, creators on them,
 * comments per creator), saved reports (a named set of posts or accounts) and who used an
 * invitation (invitations are single use).
 */
export class Migration20261125130000TeamsWork extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }
}

const STATEMENTS = [
  `alter table "invitations" add column "accepted_by_id" int null references "users" ("id") on delete set null`,
  `create table "team_accounts" (
    "id" serial primary key,
    "team_id" int not null references "teams" ("id") on delete cascade,
    "social_account_id" int not null references "social_accounts" ("id") on delete cascade,
    "added_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    constraint "team_accounts_team_account_unique" unique ("team_id", "social_account_id")
  )`,
  // The credit policy asks "which teams manage this post's account" by account.
  `create index "team_accounts_social_account_id_index" on "team_accounts" ("social_account_id")`,
  `create table "team_stages" (
    "id" serial primary key,
    "team_id" int not null references "teams" ("id") on delete cascade,
    "name" varchar(60) not null,
    "position" int not null default 0,
    "created_at" timestamptz not null default now()
  )`,
  `create index "team_stages_team_id_index" on "team_stages" ("team_id", "position")`,
  `create table "team_stage_creators" (
    "id" serial primary key,
    "team_id" int not null references "teams" ("id") on delete cascade,
    "stage_id" int not null references "team_stages" ("id") on delete cascade,
    "user_id" int not null references "users" ("id") on delete cascade,
    "added_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    "moved_at" timestamptz not null default now(),
    constraint "team_stage_creators_team_user_unique" unique ("team_id", "user_id")
  )`,
  `create index "team_stage_creators_stage_id_index" on "team_stage_creators" ("stage_id", "id")`,
  `create table "team_creator_comments" (
    "id" serial primary key,
    "creator_id" int not null references "team_stage_creators" ("id") on delete cascade,
    "author_id" int null references "users" ("id") on delete set null,
    "body" text not null check (length("body") between 1 and 2000),
    "created_at" timestamptz not null default now()
  )`,
  `create index "team_creator_comments_creator_id_index" on "team_creator_comments" ("creator_id", "id")`,
  `create table "team_reports" (
    "id" serial primary key,
    "team_id" int not null references "teams" ("id") on delete cascade,
    "name" varchar(120) not null,
    "kind" varchar(16) not null check ("kind" in ('posts', 'accounts')),
    "created_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now()
  )`,
  `create index "team_reports_team_id_index" on "team_reports" ("team_id", "id")`,
  `create table "team_report_items" (
    "id" serial primary key,
    "report_id" int not null references "team_reports" ("id") on delete cascade,
    "post_id" int null references "posts" ("id") on delete cascade,
    "social_account_id" int null references "social_accounts" ("id") on delete cascade,
    check (("post_id" is null) <> ("social_account_id" is null))
  )`,
  `create index "team_report_items_report_id_index" on "team_report_items" ("report_id", "id")`,
];
