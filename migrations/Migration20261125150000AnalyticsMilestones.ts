import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics and milestones (issue 14). Series are read from post_stats over its existing
 * (post_id, fetched_at desc) index, so analytics adds no index there. Milestones reached are
 * stored once per (subject, type, threshold): the unique key is what makes "notify once" hold
 * when two server processes refresh the same numbers at the same time (insert … on conflict do
 * nothing returning: only the insert that wrote the row notifies).
 */
export class Migration20261125150000AnalyticsMilestones extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "milestones_reached" (
      "id" bigserial primary key,
      "subject_type" varchar(16) not null check ("subject_type" in ('post', 'account', 'user')),
      "subject_id" int not null,
      "type" varchar(16) not null check ("type" in ('views', 'likes', 'posts')),
      "threshold" bigint not null check ("threshold" > 0),
      "value" bigint not null,
      "reached_at" timestamptz not null default now(),
      constraint "milestones_reached_subject_type_threshold_unique" unique ("subject_type", "subject_id", "type", "threshold")
    )`);
    // The profile lists a person's milestones newest first.
    this.addSql(`create index "milestones_reached_subject_reached_at_index" on "milestones_reached" ("subject_type", "subject_id", "reached_at" desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "milestones_reached"`);
  }
}
