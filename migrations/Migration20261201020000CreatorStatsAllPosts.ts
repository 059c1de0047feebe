import { Migration } from '@mikro-orm/migrations';

/**
 * Per-person totals over every post, private ones and stories too, for the creator search as an
 * admin sees it (docs/product.md §Search): without them an admin's search worked out every
 * candidate's portfolio live (7–9 s at 1,000,000 posts), since an admin may see every private post.
 *
 * `creator_stats_all` has `creator_stats`' columns and is written by the same drain, in the same
 * transaction that removes the person's outbox row, so the two are exactly as fresh. It starts
 * as a copy of the public totals (the last good ones the search falls back on while the drain
 * catches up) and everyone is queued so the drain writes the whole-portfolio totals.
 */
export class Migration20261201020000CreatorStatsAllPosts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creator_stats_all" (
      "user_id" int primary key,
      "posts" int not null default 0,
      "views" bigint not null default 0,
      "followers" bigint not null default 0,
      "role_ids" int[] not null default '{}',
      "network_ids" int[] not null default '{}',
      "last_credited_at" timestamptz null
    )`);
    this.addSql(`create index "creator_stats_all_rank_index" on "creator_stats_all" ("followers" desc, "posts" desc, "views" desc, "user_id")`);
    this.addSql(`insert into "creator_stats_all" select * from "creator_stats"`);
    this.addSql(`insert into search_outbox (kind, entity_id) select 'user', id from users where username is not null on conflict do nothing`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "creator_stats_all"`);
  }
}
