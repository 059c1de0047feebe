/**
 * Jobs for the jobs scenarios (docs/product.md §Jobs): the synthetic set has none, so the first run
 * seeds 2,000 through SQL, as the projects are. Twenty hiring teams each publish as a company of
 * the set; the bench's viewer manages the first one. Four in five jobs are open (the rest drafts
 * and closed ones the list must skip), published over the last 90 days, in eight cities or
 * remote, paid in a range or unpaid, each wanting one to three credit roles. Ten open jobs of the
 * viewer's team hold 200 applications each, in every stage, a fifth with a team comment: the
 * applicants table's scenario opens those. The job page's scenario opens 20 open jobs of other
 * teams (the viewer applied to a third of them, with no posts chosen) and 5 of the viewer's own.
 * Public ids use the domain's alphabet (jobPublicIdFrom) and slugs its jobSlug, drawn from hashes
 * so every run seeds the same set.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { jobPublicIdFrom, jobSlug } from '../domain/jobs.js';
import { slugifyProjectName } from '../domain/projects.js';

const JOBS = 2_000;
const TEAMS = 20;
const TEAM_NAME = 'Bench Hiring';
/** Applications on each job the applicants table's scenario opens. */
const TABLE_APPLICATIONS = 200;
const TABLE_JOBS = 10;
const PAGE_JOBS_ELSEWHERE = 20;
const PAGE_JOBS_OWN = 5;

export interface BenchJobs {
  /** Addresses the job page scenario opens, each with its current slug. */
  pages: Array<{ publicId: string; slug: string }>;
  /** Jobs whose applicants table the viewer (a manager of their team) opens. */
  tableJobIds: number[];
  /** A job in the middle of the open list: the list's "next page" variant continues after it. */
  cursorJobId: number;
  /** A credit role many jobs want: the list's role filter. */
  roleId: number;
}

const TITLES = ['Director of Photography', 'Video Editor', 'Motion Designer', 'Producer', 'Colourist', 'Stylist', 'Sound Designer', 'Copywriter'];
const KINDS = ['Summer Campaign', 'Product Launch', 'Docu Series', 'Lookbook', 'Tour Film'];
/** Cities with their geohash and centre (as the place picker stores them). */
const CITIES = [
  { name: 'Lisbon, Portugal', geohash: 'eycs0p', lat: 38.7223, lon: -9.1393 },
  { name: 'Berlin, Germany', geohash: 'u33dc0', lat: 52.52, lon: 13.405 },
  { name: 'London, United Kingdom', geohash: 'gcpvj0', lat: 51.5074, lon: -0.1278 },
  { name: 'New York, United States', geohash: 'dr5reg', lat: 40.7128, lon: -74.006 },
  { name: 'Tokyo, Japan', geohash: 'xn76cy', lat: 35.6762, lon: 139.6503 },
  { name: 'Lagos, Nigeria', geohash: 's14k1b', lat: 6.5244, lon: 3.3792 },
  { name: 'São Paulo, Brazil', geohash: '6gyf4b', lat: -23.5505, lon: -46.6333 },
  { name: 'Potsdam, Germany', geohash: 'u336xp', lat: 52.3906, lon: 13.0645 },
];
const STAGES = ['new', 'shortlisted', 'interviewing', 'hired', 'declined', 'withdrawn', 'new', 'shortlisted'];

/** A city the list's place filter asks near (Berlin: Potsdam's jobs are inside 50 km too). */
export const BENCH_JOBS_NEAR = CITIES[1]?.geohash ?? 'u33dc0';

interface JobRow {
  public_id: string;
  team_id: number;
  account_id: number;
  name: string;
  name_slug: string;
  role_ids: string;
  description: string;
  place: (typeof CITIES)[number] | null;
  is_remote: boolean;
  pay_min: number | null;
  pay_max: number | null;
  pay_currency: string | null;
  is_unpaid: boolean;
  deadline_days: number | null;
  status: string;
  published_hours_ago: number | null;
}

function publicIdOf(index: number): string {
  return jobPublicIdFrom(createHash('sha256').update(`bench-job:${index}`).digest());
}

export async function ensureBenchJobs(em: EntityManager, viewerId: number): Promise<BenchJobs> {
  const [seeded] = await em.execute<Array<{ n: string }>>(`select count(*) as n from teams where name like ?`, [`${TEAM_NAME} %`]);
  if (Number(seeded?.n ?? 0) === 0) await seedJobs(em, viewerId);
  const [team] = await em.execute<Array<{ id: number }>>(`select id from teams where name = ?`, [`${TEAM_NAME} 1`]);
  if (!team) throw new Error(`the bench jobs are missing (no team named "${TEAM_NAME} 1")`);
  const table = await em.execute<Array<{ id: number }>>(
    `select j.id from jobs j where j.team_id = ? and (select count(*) from job_applications a where a.job_id = j.id) >= ? order by j.id limit ?`,
    [team.id, TABLE_APPLICATIONS, TABLE_JOBS],
  );
  const pageRows = await em.execute<Array<{ public_id: string; name: string; username: string; own: boolean }>>(
    `(select j.public_id, j.name, u.username, false as own from jobs j join users u on u.id = j.account_id where j.status = 'open' and j.team_id <> ? order by j.id limit ?)
     union all
     (select j.public_id, j.name, u.username, true from jobs j join users u on u.id = j.account_id where j.status = 'open' and j.team_id = ? order by j.id desc limit ?)`,
    [team.id, PAGE_JOBS_ELSEWHERE, team.id, PAGE_JOBS_OWN],
  );
  const [cursor] = await em.execute<Array<{ id: number }>>(`select id from jobs where status = 'open' order by published_at desc, id desc offset 30 limit 1`);
  const [role] = await em.execute<Array<{ role_id: number }>>(`select unnest(role_ids) as role_id from jobs where status = 'open' group by 1 order by count(*) desc, 1 limit 1`);
  if (table.length === 0 || pageRows.length === 0 || !cursor || !role) throw new Error(`the bench jobs are incomplete (teams named "${TEAM_NAME} N" exist without their jobs)`);
  return {
    pages: pageRows.map((row) => ({ publicId: row.public_id, slug: jobSlug(row.username, row.name) })),
    tableJobIds: table.map((row) => Number(row.id)),
    cursorJobId: Number(cursor.id),
    roleId: Number(role.role_id),
  };
}

async function seedJobs(em: EntityManager, viewerId: number): Promise<void> {
  const started = performance.now();
  const users = (await em.execute<Array<{ id: number }>>(`select id from users where id <> ? and username is not null order by id limit 2000`, [viewerId])).map((row) => Number(row.id));
  const roles = (await em.execute<Array<{ id: number }>>(`select id from credit_roles order by id`)).map((row) => Number(row.id));
  if (users.length <= TABLE_APPLICATIONS + TEAMS || roles.length === 0) throw new Error(`seeding jobs needs more than ${TABLE_APPLICATIONS + TEAMS} people and some credit roles`);
  const person = (n: number) => users[n % users.length] as number;
  const role = (n: number) => roles[n % roles.length] as number;

  await em.transactional(async (tx) => {
    const teams = (
      await tx.execute<Array<{ id: number }>>(`insert into teams (name, status) select ? || ' ' || g, 'active' from generate_series(1, ?) g order by g returning id`, [TEAM_NAME, TEAMS])
    ).map((row) => Number(row.id));
    // Each team publishes as one company of the set (its manager); the viewer manages the first team too.
    const accounts = teams.map((_, n) => person(users.length - 1 - n));
    await tx.execute(`update users set user_type = 1 where id in (?)`, [accounts]);
    const members = [
      { team_id: teams[0], user_id: viewerId, role: 'manager' },
      ...teams.map((id, n) => ({ team_id: id, user_id: accounts[n], role: 'manager' })),
    ];
    await tx.execute(
      `insert into team_members (team_id, user_id, role, status) select team_id, user_id, role, 'active' from json_to_recordset(?::json) as m(team_id int, user_id int, role text)`,
      [JSON.stringify(members)],
    );

    const jobs: JobRow[] = [];
    for (let i = 0; i < JOBS; i++) {
      const teamIndex = i % TEAMS;
      const name = `${TITLES[i % TITLES.length]}, ${KINDS[Math.floor(i / TITLES.length) % KINDS.length]} ${i + 1}`;
      const remote = i % 4 === 0;
      const paid = i % 5 !== 0;
      const status = i % 10 === 3 ? 'draft' : i % 10 === 7 ? 'closed' : 'open';
      const wanted = [role(i), role(i * 3 + 1), role(i * 7 + 2)].slice(0, 1 + (i % 3));
      jobs.push({
        public_id: publicIdOf(i),
        team_id: teams[teamIndex] as number,
        account_id: accounts[teamIndex] as number,
        name,
        name_slug: slugifyProjectName(name, 'job'),
        role_ids: `{${[...new Set(wanted)].join(',')}}`,
        description: `We are looking for a ${TITLES[i % TITLES.length]} for our ${KINDS[i % KINDS.length]}. Send your best credited work.`,
        place: remote && i % 8 === 0 ? null : (CITIES[i % CITIES.length] ?? null),
        is_remote: remote,
        pay_min: paid ? 40_000 + (i % 20) * 5_000 : null,
        pay_max: paid && i % 3 !== 0 ? 90_000 + (i % 20) * 5_000 : null,
        pay_currency: paid ? (i % 2 === 0 ? 'EUR' : 'USD') : null,
        is_unpaid: !paid,
        deadline_days: i % 3 === 0 ? null : 10 + (i % 60),
        status,
        // Spread over 90 days; every hundredth shares an hour with another, so ties break by id.
        published_hours_ago: status === 'draft' ? null : (i * 7919) % (90 * 24),
      });
    }
    const inserted = await tx.execute<Array<{ id: number; team_id: number; status: string }>>(
      `insert into jobs (public_id, team_id, account_id, name, name_slug, role_ids, description, place_geohash, place_name, place_lat, place_lon, is_remote,
                         pay_min, pay_max, pay_currency, is_unpaid, deadline, status, published_at, closed_at, created_at, updated_at)
       select public_id, team_id, account_id, name, name_slug, role_ids::smallint[], description, place->>'geohash', place->>'name', (place->>'lat')::float8, (place->>'lon')::float8, is_remote,
              pay_min, pay_max, pay_currency, is_unpaid, current_date + deadline_days, status,
              now() - make_interval(hours => published_hours_ago), case when status = 'closed' then now() - interval '1 hour' end,
              now() - make_interval(hours => coalesce(published_hours_ago, 0) + 24), now() - make_interval(hours => coalesce(published_hours_ago, 0))
         from json_to_recordset(?::json) as j(public_id text, team_id int, account_id int, name text, name_slug text, role_ids text, description text, place json, is_remote boolean,
                                              pay_min bigint, pay_max bigint, pay_currency text, is_unpaid boolean, deadline_days int, status text, published_hours_ago int)
       returning id, team_id, status`,
      [JSON.stringify(jobs)],
    );
    const ownOpen = inserted.filter((row) => Number(row.team_id) === teams[0] && row.status === 'open').map((row) => Number(row.id));
    const tableJobs = ownOpen.slice(0, TABLE_JOBS);
    const applications = tableJobs.flatMap((jobId, j) =>
      [...Array(TABLE_APPLICATIONS).keys()].map((k) => ({
        job_id: jobId,
        applicant_id: person(j * 37 + k),
        message: `Hello! I would love to work on this (${k + 1}).`,
        status: STAGES[(k + j) % STAGES.length],
        hours_ago: (k * 13 + j) % 500,
      })),
    );
    // The viewer's own applications, on a third of the other teams' open jobs the page opens.
    const elsewhere = inserted.filter((row) => Number(row.team_id) !== teams[0] && row.status === 'open').slice(0, PAGE_JOBS_ELSEWHERE);
    elsewhere.forEach((row, n) => {
      if (n % 3 === 0) applications.push({ job_id: Number(row.id), applicant_id: viewerId, message: 'I directed two campaigns like this one.', status: STAGES[n % 3] as string, hours_ago: n });
    });
    const applied = await tx.execute<Array<{ id: number }>>(
      `insert into job_applications (job_id, applicant_id, message, status, created_at, updated_at, decided_at)
       select job_id, applicant_id, message, status, now() - make_interval(hours => hours_ago), now() - make_interval(hours => hours_ago),
              case when status in ('hired', 'declined') then now() end
         from json_to_recordset(?::json) as a(job_id int, applicant_id int, message text, status text, hours_ago int)
       returning id`,
      [JSON.stringify(applications)],
    );
    const commented = applied.filter((_, n) => n % 5 === 0).map((row) => Number(row.id));
    await tx.execute(`insert into job_application_comments (application_id, author_id, body) select unnest(?::int[]), ?, 'Strong reel, shortlist?'`, [`{${commented.join(',')}}`, viewerId]);
    console.log(`Seeded ${jobs.length.toLocaleString('en-US')} jobs, ${applied.length.toLocaleString('en-US')} applications and ${teams.length} hiring teams in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  });
  await em.execute('analyze jobs, job_applications, job_application_comments, teams, team_members');
}
