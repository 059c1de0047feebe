import { Migration } from '@mikro-orm/migrations';

/**
 * A project's deliverables, their assignees, and the notifications that point into projects
 * (docs/product.md §Projects). A deliverable is listed by due date; an assignee is one of the
 * project's collaborators, once; a published deliverable names its post. A notification may name
 * the collaborator row an invitation is about, or the deliverable whose post offers a credit.
 */
export class Migration20261129170000ProjectDeliverables extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications" drop column if exists "project_deliverable_id"`);
    this.addSql(`alter table "notifications" drop column if exists "project_collaborator_id"`);
    this.addSql(`drop table if exists "project_deliverable_assignees"`);
    this.addSql(`drop table if exists "project_deliverables"`);
  }
}

const STATEMENTS = [
  `create table "project_deliverables" (
    "id" serial primary key,
    "project_id" int not null references "projects" ("id") on delete cascade,
    "title" varchar(120) not null check (length(btrim("title")) > 0),
    "network_id" smallint not null references "social_networks" ("id") on delete restrict,
    "post_type" smallint not null check ("post_type" between 1 and 5),
    "due_on" date not null,
    "status" varchar(16) not null default 'to_do' check ("status" in ('to_do', 'in_progress', 'in_review', 'approved', 'published')),
    "post_id" int null references "posts" ("id") on delete set null,
    "created_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now()
  )`,
  // A project's list: by due date, then in the order they were added (keyset on both).
  `create index "project_deliverables_project_due_index" on "project_deliverables" ("project_id", "due_on", "id")`,
  // Linking a post finds every deliverable already holding it, so a credit is proposed once.
  `create index "project_deliverables_post_id_index" on "project_deliverables" ("post_id") where "post_id" is not null`,
  `create index "project_deliverables_created_by_id_index" on "project_deliverables" ("created_by_id") where "created_by_id" is not null`,
  `create table "project_deliverable_assignees" (
    "deliverable_id" int not null references "project_deliverables" ("id") on delete cascade,
    "collaborator_id" int not null references "project_collaborators" ("id") on delete cascade,
    "created_at" timestamptz not null default now(),
    primary key ("deliverable_id", "collaborator_id")
  )`,
  // The primary key serves "assignees of a deliverable"; this serves "what a collaborator is assigned" and their removal.
  `create index "project_deliverable_assignees_collaborator_index" on "project_deliverable_assignees" ("collaborator_id")`,
  `alter table "notifications" add column "project_collaborator_id" int null references "project_collaborators" ("id") on delete set null`,
  `alter table "notifications" add column "project_deliverable_id" int null references "project_deliverables" ("id") on delete set null`,
  `create index "notifications_project_collaborator_id_index" on "notifications" ("project_collaborator_id") where "project_collaborator_id" is not null`,
  `create index "notifications_project_deliverable_id_index" on "notifications" ("project_deliverable_id") where "project_deliverable_id" is not null`,
];
