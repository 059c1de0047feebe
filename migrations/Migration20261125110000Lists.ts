import { Migration } from '@mikro-orm/migrations';

/**
 * Lists: each person's private collections of people and posts. Favorites and Prospects are
 * created for each person the first time their lists are read (at most one of each, enforced
 * here); names are unique per owner whatever their case; a person or a post is in a list once.
 */
export class Migration20261125110000Lists extends Migration {
  override async up(): Promise<void> {
    for (const statement of STATEMENTS) this.addSql(statement);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "list_posts"`);
    this.addSql(`drop table if exists "list_people"`);
    this.addSql(`drop table if exists "lists"`);
  }
}

const STATEMENTS = [
  `create table "lists" (
    "id" serial primary key,
    "owner_id" int not null references "users" ("id") on delete cascade,
    "kind" varchar(16) not null check ("kind" in ('favorites', 'prospects', 'custom')),
    "name" varchar(60) not null check (length(btrim("name")) > 0),
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now()
  )`,
  `create unique index "lists_owner_name_lower_unique" on "lists" ("owner_id", lower("name"))`,
  `create unique index "lists_owner_built_in_unique" on "lists" ("owner_id", "kind") where "kind" <> 'custom'`,
  `create table "list_people" (
    "id" serial primary key,
    "list_id" int not null references "lists" ("id") on delete cascade,
    "user_id" int not null references "users" ("id") on delete cascade,
    "created_at" timestamptz not null default now()
  )`,
  `create unique index "list_people_list_user_unique" on "list_people" ("list_id", "user_id")`,
  // Pages of a list (keyset by id) and "which of my lists hold this person".
  `create index "list_people_list_id_index" on "list_people" ("list_id", "id")`,
  `create index "list_people_user_id_index" on "list_people" ("user_id")`,
  `create table "list_posts" (
    "id" serial primary key,
    "list_id" int not null references "lists" ("id") on delete cascade,
    "post_id" int not null references "posts" ("id") on delete cascade,
    "created_at" timestamptz not null default now()
  )`,
  `create unique index "list_posts_list_post_unique" on "list_posts" ("list_id", "post_id")`,
  `create index "list_posts_list_id_index" on "list_posts" ("list_id", "id")`,
  `create index "list_posts_post_id_index" on "list_posts" ("post_id")`,
];
