import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs and applications to them (docs/product.md §Jobs). A job belongs to a team and is published
 * as one of its companies; it has a place or is remote, a pay range in a currency or is unpaid.
 * A person applies to a job once. Webhooks may subscribe to applications' events.
 */
export class Migration20261129200000Jobs extends Migration {
  override async up(): Promise<void> {
    for (const statement of [...STATEMENTS, ...eventChecks(`${OLD_EVENTS}, ${JOB_EVENTS}`)]) this.addSql(statement);
  }

  override async down(): Promise<void> {
    for (const statement of eventChecks(OLD_EVENTS)) this.addSql(statement);
    this.addSql(`drop table if exists "job_application_comments"`);
    this.addSql(`drop table if exists "job_applications"`);
    this.addSql(`drop table if exists "jobs"`);
  }
}

const STATEMENTS = [
  `create table "jobs" (
    "id" serial primary key,
    "public_id" varchar(10) not null constraint "jobs_public_id_unique" unique,
    "team_id" int not null references "teams" ("id") on delete cascade,
    "account_id" int not null references "users" ("id") on delete cascade,
    "name" varchar(120) not null check (length(btrim("name")) > 0),
    "name_slug" varchar(60) not null check ("name_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    "role_ids" smallint[] not null check (cardinality("role_ids") between 1 and 10),
    "description" text not null default '' check (length("description") <= 10000),
    "place_geohash" varchar(9) null check ("place_geohash" ~ '^[0-9b-hjkmnp-z]{1,9}$'),
    "place_name" varchar(200) null,
    "place_lat" double precision null,
    "place_lon" double precision null,
    "is_remote" boolean not null default false,
    "pay_min" bigint null check ("pay_min" >= 0),
    "pay_max" bigint null check ("pay_max" >= 0),
    "pay_currency" char(3) null,
    "is_unpaid" boolean not null default false,
    "deadline" date null,
    "status" varchar(16) not null default 'draft' check ("status" in ('draft', 'open', 'closed')),
    "published_at" timestamptz null,
    "closed_at" timestamptz null,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "jobs_place_or_remote_check" check ("is_remote" or "place_geohash" is not null),
    constraint "jobs_place_point_check" check (("place_geohash" is null) = ("place_lat" is null) and ("place_lat" is null) = ("place_lon" is null)),
    constraint "jobs_pay_check" check (case when "is_unpaid" then num_nulls("pay_min", "pay_max", "pay_currency") = 3
      else "pay_currency" is not null and num_nonnulls("pay_min", "pay_max") >= 1 and ("pay_min" is null or "pay_max" is null or "pay_min" <= "pay_max") end),
    constraint "jobs_published_check" check ("status" = 'draft' or "published_at" is not null)
  )`,
  // The /jobs list and a brand's jobs: open jobs, newest first (keyset on published_at, id).
  `create index "jobs_open_published_index" on "jobs" ("published_at" desc, "id" desc) where "status" = 'open'`,
  `create index "jobs_account_open_published_index" on "jobs" ("account_id", "published_at" desc, "id" desc) where "status" = 'open'`,
  `create index "jobs_team_id_index" on "jobs" ("team_id", "id")`,
  `create index "jobs_role_ids_index" on "jobs" using gin ("role_ids")`,
  `create index "jobs_name_trgm_index" on "jobs" using gin ("name" gin_trgm_ops)`,
  // The deadline sweep reads open jobs by deadline.
  `create index "jobs_open_deadline_index" on "jobs" ("deadline") where "status" = 'open' and "deadline" is not null`,
  `create table "job_applications" (
    "id" serial primary key,
    "job_id" int not null references "jobs" ("id") on delete cascade,
    "applicant_id" int not null references "users" ("id") on delete cascade,
    "message" text not null default '' check (length("message") <= 5000),
    "post_ids" int[] not null default '{}' check (cardinality("post_ids") <= 12),
    "status" varchar(16) not null default 'new' check ("status" in ('new', 'shortlisted', 'interviewing', 'hired', 'declined', 'withdrawn')),
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    "decided_at" timestamptz null,
    "closing_told_at" timestamptz null
  )`,
  // One application per person and job: two applies at once leave one row.
  `create unique index "job_applications_job_applicant_unique" on "job_applications" ("job_id", "applicant_id")`,
  `create index "job_applications_job_id_index" on "job_applications" ("job_id", "id")`,
  `create index "job_applications_applicant_id_index" on "job_applications" ("applicant_id", "id")`,
  `create table "job_application_comments" (
    "id" serial primary key,
    "application_id" int not null references "job_applications" ("id") on delete cascade,
    "author_id" int null references "users" ("id") on delete set null,
    "body" text not null check (length(btrim("body")) > 0 and length("body") <= 2000),
    "created_at" timestamptz not null default now()
  )`,
  `create index "job_application_comments_application_id_index" on "job_application_comments" ("application_id", "id")`,
  `create index "job_application_comments_author_id_index" on "job_application_comments" ("author_id")`,
];

const OLD_EVENTS = `'POST_IMPORTED', 'CREDIT_ADDED', 'CREDIT_ACCEPTED', 'CREDIT_DECLINED', 'TEAM_MEMBER_JOINED', 'PROJECT_CREATED', 'PROJECT_UPDATED', 'PROJECT_COLLABORATOR_ADDED', 'PROJECT_COLLABORATOR_REMOVED', 'PROJECT_COLLABORATOR_RESPONDED'`;
const JOB_EVENTS = `'JOB_APPLICATION_CREATED', 'JOB_APPLICATION_UPDATED', 'JOB_APPLICATION_WITHDRAWN'`;

function eventChecks(events: string): string[] {
  return [
    `alter table "webhooks" drop constraint "webhooks_events_check", add constraint "webhooks_events_check" check (cardinality("events") > 0 and "events" <@ array[${events}])`,
    `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check", add constraint "webhook_deliveries_event_check" check ("event" in (${events}))`,
  ];
}
