import { Migration } from '@mikro-orm/migrations';

/**
 * Concepts on a project's board (docs/product.md §Projects): an uploaded picture, a link to a
 * post or a note, each with an optional caption, in the order the board shows them. A post
 * concept keeps the link's identity (network and the network's id), so it shows the post as soon
 * as its import finishes, however long that takes. Pictures are kept in PostgreSQL as avatars
 * are (user_avatars): the stored width, plus smaller widths made on first request.
 */
export class Migration20261129170200ProjectConcepts extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "project_concept_pictures"`);
    this.addSql(`drop table if exists "project_concepts"`);
  }
}

const STATEMENTS = [
  `create table "project_concepts" (
    "id" serial primary key,
    "project_id" int not null references "projects" ("id") on delete cascade,
    "kind" varchar(16) not null check ("kind" in ('picture', 'post', 'note')),
    "caption" varchar(280) null,
    "note" text null check (length("note") <= 2000),
    "picture_version" varchar(16) null,
    "post_network_id" smallint null,
    "post_external_id" varchar(128) null,
    "post_url" text null,
    "position" int not null,
    "created_by_id" int null references "users" ("id") on delete set null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "project_concepts_kind_fields_check" check (
      ("kind" = 'picture' and "picture_version" is not null and "note" is null and "post_external_id" is null)
      or ("kind" = 'post' and "post_network_id" is not null and "post_external_id" is not null and "post_url" is not null and "note" is null and "picture_version" is null)
      or ("kind" = 'note' and "note" is not null and "picture_version" is null and "post_external_id" is null)
    )
  )`,
  // A board in order (and pages of it), and "which boards show this post".
  `create index "project_concepts_project_position_index" on "project_concepts" ("project_id", "position", "id")`,
  `create index "project_concepts_post_index" on "project_concepts" ("post_network_id", "post_external_id") where "post_external_id" is not null`,
  `create index "project_concepts_created_by_id_index" on "project_concepts" ("created_by_id")`,
  `create table "project_concept_pictures" (
    "concept_id" int not null references "project_concepts" ("id") on delete cascade,
    "width" int not null check ("width" > 0),
    "version" varchar(16) not null,
    "content_type" varchar(32) not null,
    "bytes" bytea not null,
    "created_at" timestamptz not null default now(),
    primary key ("concept_id", "width")
  )`,
];
