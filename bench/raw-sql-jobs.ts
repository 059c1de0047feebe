/**
 * The jobs pages' raw SQL baselines (docs/product.md §Jobs): each answer the page's query gives,
 * built by one statement as JSON text. The rules are the server's, written out: open jobs for
 * everyone; a job's team (managers, members, admins) sees its drafts and its applications; the
 * applicant sees SHORTLISTED and INTERVIEWING as NEW; the sourcing columns come from public
 * credits and verified accounts, as the applicants table's statement computes them.
 */
import { RoleFlag } from '../domain/enums.js';
import { gid, idCursor, PUBLIC_CREDIT, SESSION_OPEN, THUMBNAIL } from './raw-sql.js';

/** jobSlug's account part for a username ([A-Za-z0-9._], so never longer than a slug may be). */
const ACCOUNT_SLUG = (u: string) => `coalesce(nullif(array_to_string(array_remove(regexp_split_to_array(lower(${u}.username), '[^a-z0-9]+'), ''), '-'), ''), 'company')`;
const JOB_SLUG = (j: string, u: string) => `${ACCOUNT_SLUG(u)} || '-' || ${j}.name_slug`;
const IS_ADMIN = `exists (select 1 from users v where v.id = $1 and ${RoleFlag.admin} = any(v.role_flags))`;

/** The JobSummary fragment's fields of job j published as user u. */
const JOB_SUMMARY = (j: string, u: string) => `
  'id', ${gid('Job', `${j}.id`)}, 'publicId', ${j}.public_id, 'name', ${j}.name, 'path', '/jobs/' || ${j}.public_id || '~' || ${JOB_SLUG(j, u)},
  'status', upper(${j}.status), 'isRemote', ${j}.is_remote, 'isUnpaid', ${j}.is_unpaid, 'deadline', ${j}.deadline,
  'publishedAt', ${j}.published_at, 'createdAt', ${j}.created_at,
  'place', case when ${j}.place_geohash is not null and ${j}.place_name is not null then json_build_object('name', ${j}.place_name, 'geohash', ${j}.place_geohash) end,
  'pay', case when ${j}.is_unpaid or ${j}.pay_currency is null then null else json_build_object('currency', ${j}.pay_currency, 'min', ${j}.pay_min, 'max', ${j}.pay_max) end,
  'roles', coalesce((select json_agg(json_build_object('id', ${gid('CreditRole', 'r.id')}, 'databaseId', r.id, 'name', r.name, 'emoji', r.emoji) order by o.n)
                       from unnest(${j}.role_ids) with ordinality o(role_id, n) join credit_roles r on r.id = o.role_id), '[]'),
  'account', json_build_object('id', ${gid('User', `${u}.id`)}, 'username', ${u}.username, 'name', ${u}.name, 'avatarUrl', ${u}.avatar_url)`;

/**
 * `jobs(first: 20)` (JobsList with JobSummary), open to everyone: $1 page size, $2 wanted role ids
 * or null, $3 remote or null, $4 posted within days or null, $5 and $6 the centre of `near`, $7 its
 * radius in km or null, $8 the cursor's job id or null. Newest published first, ties by id.
 */
export const JOBS_SQL = `
with page as (
  select j.* from jobs j
   where j.status = 'open'
     and ($2::smallint[] is null or j.role_ids && $2::smallint[])
     and ($3::boolean is null or j.is_remote = $3)
     and ($4::int is null or j.published_at >= now() - make_interval(days => $4))
     and ($7::float8 is null or (j.place_lat is not null and 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(j.place_lat - $5) / 2), 2)
           + cos(radians($5)) * cos(radians(j.place_lat)) * power(sin(radians(j.place_lon - $6) / 2), 2)))) <= $7))
     and ($8::int is null or (j.published_at, j.id) < (select c.published_at, c.id from jobs c where c.id = $8))
   order by j.published_at desc, j.id desc limit $1 + 1)
select json_build_object('jobs', json_build_object(
  'pageInfo', json_build_object('hasNextPage', (select count(*) > $1 from page),
                                'endCursor', (select ${idCursor('l.id')} from (select id, published_at from page order by published_at desc, id desc limit $1) l order by l.published_at, l.id limit 1)),
  'nodes', coalesce((select json_agg(json_build_object(${JOB_SUMMARY('j', 'u')}) order by j.published_at desc, j.id desc)
    from (select * from page order by published_at desc, id desc limit $1) j join users u on u.id = j.account_id), '[]')
))::text as body`;

/**
 * jobAccess for member $1 on job j, as a strength: 3 manager (the team's active managers, admins),
 * 2 member (its active members), 1 public (anyone, unless a draft), 0 none.
 */
const JOB_ACCESS = (j: string) => `greatest(
    case when ${IS_ADMIN} then 3 else 0 end,
    coalesce((select case m.role when 'manager' then 3 when 'member' then 2 else 0 end from team_members m
               where m.team_id = ${j}.team_id and m.user_id = $1 and m.status = 'active'), 0),
    case when ${j}.status <> 'draft' then 1 else 0 end)`;

/**
 * The job page (JobPage with JobDetails) for member $1 with session $2: $3 public id, $4 slug asked.
 * Null when the viewer may not see the job. `apply`: public access, open, the deadline (a UTC day)
 * not passed, no application yet.
 */
export const JOB_PAGE_SQL = `
with seen as materialized (
  select j.*, ${JOB_ACCESS('j')} as access, (select a.id from job_applications a where a.job_id = j.id and a.applicant_id = $1) as application_id
    from jobs j where j.public_id = $3 and ${SESSION_OPEN})
select json_build_object('jobByAddress', (select json_build_object(
  'canonicalPath', '/jobs/' || s.public_id || '~' || ${JOB_SLUG('s', 'u')},
  'slugIsCurrent', coalesce(${JOB_SLUG('s', 'u')} = $4, false),
  'job', json_build_object(${JOB_SUMMARY('s', 'u')},
    'slug', ${JOB_SLUG('s', 'u')}, 'description', s.description, 'closedAt', s.closed_at, 'updatedAt', s.updated_at,
    'viewerCan', json_build_object('edit', s.access = 3, 'seeApplications', s.access >= 2,
      'apply', s.access = 1 and s.status = 'open' and (s.deadline is null or s.deadline >= (now() at time zone 'utc')::date) and s.application_id is null),
    'team', (select json_build_object('id', ${gid('Team', 't.id')}, 'databaseId', t.id, 'name', t.name) from teams t where t.id = s.team_id and s.access >= 2),
    'viewerApplication', (select json_build_object(
        'id', ${gid('JobApplication', 'a.id')},
        'status', upper(case when s.access < 2 and a.status in ('shortlisted', 'interviewing') then 'new' else a.status end),
        'message', a.message, 'createdAt', a.created_at,
        'viewerCan', json_build_object('withdraw', a.status in ('new', 'shortlisted', 'interviewing') and s.status = 'open'),
        'posts', coalesce((select json_agg(json_build_object('id', ${gid('Post', 'p.id')}, 'databaseId', p.id, 'caption', p.caption, 'thumbnailUrl', ${THUMBNAIL('p', 160)}) order by o.n)
                             from unnest(a.post_ids) with ordinality o(post_id, n) join posts p on p.id = o.post_id and not p.is_private), '[]'))
      from job_applications a where a.id = s.application_id)))
  from seen s join users u on u.id = s.account_id
 where s.access > 0))::text as body`;

/** The applicants table's sort columns (JobApplicationOrderField), as the server's statement sorts. */
export const APPLICATION_SORTS = {
  APPLIED_AT: 'extract(epoch from s.created_at)',
  FOLLOWERS: 's.followers',
  PROJECTS: 's.projects',
  COLLABORATORS: 's.collaborators',
  COMMENTS: 's.comments',
} as const;
export type ApplicationSort = keyof typeof APPLICATION_SORTS;

/** A JSON array's text as base64url without padding: the table's cursor ([sort value, id]). */
const ARRAY_CURSOR = (value: string, id: string) => `rtrim(translate(encode(convert_to('[' || (${value})::float8::text || ',' || (${id}) || ']', 'utf8'), 'base64'), '+/', '-_'), '=')`;

/**
 * `node(id: job) { applications(first: 50) }` (JobApplications with ApplicationRow) for member $1
 * with session $2: $3 the job's id, $4 page size, $5 stages (lower case) or null. The job is there
 * for anyone who may see it; its applications only for its team (managers, members, admins).
 */
export function jobApplicationsSql(sort: ApplicationSort, direction: 'asc' | 'desc'): string {
  const order = APPLICATION_SORTS[sort];
  return `
with job as materialized (
  select j.id, j.status, ${JOB_ACCESS('j')} as access from jobs j where j.id = $3 and ${SESSION_OPEN}),
sourced as materialized (
  select a.*, u.username, u.name as user_name, u.avatar_url, u.location_name,
    coalesce((select sum(sa.follower_count) from social_accounts sa where sa.owner_id = u.id and sa.owner_verified_at is not null), 0)::float8 as followers,
    (select c.role_id from credits c where c.user_id = u.id and ${PUBLIC_CREDIT('c')} group by c.role_id order by count(*) desc, c.role_id limit 1) as top_role_id,
    (select count(distinct c.post_id) from credits c where c.user_id = u.id and ${PUBLIC_CREDIT('c')})::int as projects,
    (select count(distinct o.user_id) from credits c join credits o on o.post_id = c.post_id and o.user_id <> u.id
      where c.user_id = u.id and ${PUBLIC_CREDIT('c')} and ${PUBLIC_CREDIT('o')})::int as collaborators,
    (select count(*) from job_application_comments k where k.application_id = a.id)::int as comments
   from job_applications a join users u on u.id = a.applicant_id join job on job.id = a.job_id
  where job.access >= 2 and ($5::text[] is null or a.status = any($5::text[]))),
page as (select s.*, ${order} as sort_value from sourced s order by ${order} ${direction}, s.id ${direction} limit $4 + 1)
select json_build_object('node', (select json_build_object(
  'id', ${gid('Job', 'job.id')},
  'applications', case when job.access >= 2 then json_build_object(
    'totalCount', (select count(*) from sourced),
    'pageInfo', json_build_object('hasNextPage', (select count(*) > $4 from page),
      'endCursor', (select ${ARRAY_CURSOR('l.sort_value', 'l.id')} from (select * from page order by sort_value ${direction}, id ${direction} limit $4) l
                     order by l.sort_value ${direction === 'asc' ? 'desc' : 'asc'}, l.id ${direction === 'asc' ? 'desc' : 'asc'} limit 1)),
    'nodes', coalesce((select json_agg(json_build_object(
        'id', ${gid('JobApplication', 'x.id')}, 'status', upper(x.status), 'createdAt', x.created_at, 'message', x.message,
        'applicant', json_build_object('id', ${gid('User', 'x.applicant_id')}, 'username', x.username, 'name', x.user_name, 'avatarUrl', x.avatar_url),
        'sourcing', json_build_object('followers', x.followers, 'location', x.location_name, 'projects', x.projects, 'collaborators', x.collaborators, 'commentCount', x.comments,
          'topRole', (select json_build_object('id', ${gid('CreditRole', 'r.id')}, 'name', r.name, 'emoji', r.emoji) from credit_roles r where r.id = x.top_role_id)),
        'viewerCan', json_build_object('moveStage', x.status in ('new', 'shortlisted', 'interviewing'),
                                       'decide', job.access = 3 and x.status in ('new', 'shortlisted', 'interviewing'), 'comment', true)
      ) order by x.sort_value ${direction}, x.id ${direction})
      from (select * from page order by sort_value ${direction}, id ${direction} limit $4) x), '[]'))
  end)
  from job where job.access > 0))::text as body`;
}
