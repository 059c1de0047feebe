import { Migration } from '@mikro-orm/migrations';

/**
 * Projects and their collaborators (docs/product.md §Projects). A project is owned by exactly one
 * person or one team; its client is a company on Byline or a name, not both; its dates are in
 * order. A person is in a project once, and so is an invited address whatever its case.
 */
export class Migration20261129140000Projects extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "project_collaborators"`);
    this.addSql(`drop table if exists "projects"`);
  }
}

const STATEMENTS = [
  `create table "projects" (
    "id" serial primary key,
    "public_id" varchar(10) not null constraint "projects_public_id_unique" unique,
    "name" varchar(120) not null check (length(btrim("name")) > 0),
    "slug" varchar(60) not null check ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    "client_user_id" int null references "users" ("id") on delete set null,
    "client_name" varchar(120) null,
    "starts_on" date null,
    "ends_on" date null,
    "status" varchar(16) not null default 'planning' check ("status" in ('planning', 'in_production', 'delivered', 'archived')),
    "visibility" varchar(16) not null default 'private' check ("visibility" in ('private', 'public')),
    "owner_user_id" int null references "users" ("id") on delete cascade,
    "owner_team_id" int null references "teams" ("id") on delete cascade,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    "last_activity_at" timestamptz not null default now(),
    constraint "projects_one_owner_check" check (num_nonnulls("owner_user_id", "owner_team_id") = 1),
    constraint "projects_one_client_check" check ("client_user_id" is null or "client_name" is null),
    constraint "projects_dates_check" check ("ends_on" is null or "starts_on" is null or "ends_on" >= "starts_on")
  )`,
  // The projects list: a person's or a team's projects, newest activity first.
  `create index "projects_owner_user_activity_index" on "projects" ("owner_user_id", "last_activity_at")`,
  `create index "projects_owner_team_activity_index" on "projects" ("owner_team_id", "last_activity_at")`,
  `create index "projects_last_activity_index" on "projects" ("last_activity_at")`,
  `create index "projects_client_user_id_index" on "projects" ("client_user_id") where "client_user_id" is not null`,
  // Search by any part of the name, as the other name searches do.
  `create index "projects_name_trgm_index" on "projects" using gin ("name" gin_trgm_ops)`,
  `create table "project_collaborators" (
    "id" serial primary key,
    "project_id" int not null references "projects" ("id") on delete cascade,
    "user_id" int null references "users" ("id") on delete cascade,
    "invited_email" varchar(254) null,
    "credit_role_id" smallint not null references "credit_roles" ("id") on delete restrict,
    "permission" varchar(16) not null check ("permission" in ('owner', 'editor', 'viewer')),
    "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'accepted', 'declined')),
    "invited_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    "responded_at" timestamptz null,
    constraint "project_collaborators_someone_check" check (num_nonnulls("user_id", "invited_email") >= 1)
  )`,
  `create unique index "project_collaborators_project_user_unique" on "project_collaborators" ("project_id", "user_id")`,
  `create unique index "project_collaborators_project_email_unique" on "project_collaborators" ("project_id", lower("invited_email")) where "invited_email" is not null`,
  // Pages of a project's people (keyset by id), and "the projects I collaborate on".
  `create index "project_collaborators_project_id_index" on "project_collaborators" ("project_id", "id")`,
  `create index "project_collaborators_user_status_index" on "project_collaborators" ("user_id", "status")`,
  `create index "project_collaborators_invited_by_id_index" on "project_collaborators" ("invited_by_id")`,
];
