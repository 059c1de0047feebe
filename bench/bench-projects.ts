/**
 * Projects for the projects scenarios (docs/product.md §Projects): the synthetic set has none, so
 * the first run seeds 2,000 through SQL, as the notifications are. Owners are people of the set
 * and 20 teams; the bench's viewer owns some, is an accepted collaborator (editor or viewer) on
 * others, manages one team and is a member of another, so about 220 projects are theirs and the
 * list pages (`first: 25`). Rows that must not count are there too: projects where the viewer's
 * invitation is pending or declined, a team where they are only invited and one where they hold a
 * pro_only seat. A third of the projects are public. The project page's projects (10 the viewer
 * owns, 10 they collaborate on, 10 of their managed team's, 10 public ones of strangers) have 30
 * accepted collaborators each, plus two pending invitations (one by email) that a visitor of a
 * public project does not see. Public ids use the domain's alphabet (projectPublicIdFrom) and
 * slugs its slugifyProjectName, drawn from hashes so every run seeds the same set.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PROJECT_STATUSES, projectPublicIdFrom, slugifyProjectName, type CollaboratorPermission, type CollaboratorStatus } from '../domain/projects.js';

const PROJECTS = 2_000;
const TEAMS = 20;
const TEAM_NAME = 'Bench Studio';
/** Collaborators (accepted) on each project the page scenario opens. */
const PAGE_COLLABORATORS = 30;
/** Of each kind of project (the viewer's own, collaborated on, their team's, a stranger's public one). */
const PAGE_PROJECTS_PER_KIND = 10;

export interface BenchProjects {
  /** Addresses the project page scenario opens, each with its current slug. */
  pages: Array<{ publicId: string; slug: string }>;
  /** A project in the middle of the viewer's list: the list's "next page" variant continues after it. */
  cursorProjectId: number;
  /** The team the viewer manages: the list's team filter variant. */
  teamId: number;
}

const TITLES = ['Golden Hour', 'Café Noir', 'Northwind', 'Spring ’27', 'Blue Note', 'Harbor Lights', 'Paper Moon', 'Red Line', 'Tokyo Nights', 'Studio Ember'];
const KINDS = ['Campaign', 'Launch', 'Series', 'Lookbook', 'Tour', 'Film'];
const BASE_ACTIVITY = Date.parse('2026-11-28T12:00:00Z');
const HOUR_MS = 3_600_000;

interface ProjectRow {
  public_id: string;
  name: string;
  slug: string;
  client_user_id: number | null;
  client_name: string | null;
  starts_on: string | null;
  ends_on: string | null;
  status: string;
  visibility: string;
  owner_user_id: number | null;
  owner_team_id: number | null;
  last_activity_at: string;
}

interface CollaboratorRow {
  i: number;
  user_id: number | null;
  invited_email: string | null;
  credit_role_id: number;
  permission: CollaboratorPermission;
  status: CollaboratorStatus;
}

function publicIdOf(index: number): string {
  return projectPublicIdFrom(createHash('sha256').update(`bench-project:${index}`).digest());
}

function day(offset: number): string {
  return new Date(Date.parse('2026-01-01T00:00:00Z') + offset * 24 * HOUR_MS).toISOString().slice(0, 10);
}

export async function ensureBenchProjects(em: EntityManager, viewerId: number): Promise<BenchProjects> {
  const [seeded] = await em.execute<Array<{ n: string }>>(`select count(*) as n from teams where name like ?`, [`${TEAM_NAME} %`]);
  if (Number(seeded?.n ?? 0) === 0) await seedProjects(em, viewerId);
  const [team] = await em.execute<Array<{ id: number }>>(`select id from teams where name = ?`, [`${TEAM_NAME} 1`]);
  const pages = await em.execute<Array<{ public_id: string; slug: string }>>(
    `select p.public_id, p.slug from projects p where (select count(*) from project_collaborators c where c.project_id = p.id and c.status = 'accepted') >= ? order by p.id`,
    [PAGE_COLLABORATORS],
  );
  const [cursor] = await em.execute<Array<{ id: number }>>(`select id from projects where owner_user_id = ? order by last_activity_at desc, id desc offset 20 limit 1`, [viewerId]);
  if (!team || !cursor || pages.length === 0) throw new Error('the bench projects are missing (teams named "Bench Studio N" exist without their projects)');
  return { pages: pages.map((row) => ({ publicId: row.public_id, slug: row.slug })), cursorProjectId: Number(cursor.id), teamId: Number(team.id) };
}

async function seedProjects(em: EntityManager, viewerId: number): Promise<void> {
  const started = performance.now();
  const users = (await em.execute<Array<{ id: number }>>(`select id from users where id <> ? and username is not null order by id limit 500`, [viewerId])).map((row) => Number(row.id));
  const roles = (await em.execute<Array<{ id: number }>>(`select id from credit_roles order by id`)).map((row) => Number(row.id));
  if (users.length <= PAGE_COLLABORATORS + 2 || roles.length === 0) throw new Error(`seeding projects needs more than ${PAGE_COLLABORATORS + 2} people and some credit roles`);
  const person = (n: number) => users[n % users.length] as number;
  const role = (n: number) => roles[n % roles.length] as number;

  await em.transactional(async (tx) => {
    const teams = (
      await tx.execute<Array<{ id: number }>>(
        `insert into teams (name, status) select ? || ' ' || g, 'active' from generate_series(1, ?) g order by g returning id`,
        [TEAM_NAME, TEAMS],
      )
    ).map((row) => Number(row.id));
    const team = (n: number) => teams[n % teams.length] as number;
    // Teams 1 and 2 give the viewer their projects (manager: owner; member: viewer); 3 and 4 do not
    // (an invitation not yet taken, a pro_only seat). Every team has a manager of its own.
    const members = [
      { team_id: team(0), user_id: viewerId, role: 'manager', status: 'active' },
      { team_id: team(1), user_id: viewerId, role: 'member', status: 'active' },
      { team_id: team(2), user_id: viewerId, role: 'member', status: 'invited' },
      { team_id: team(3), user_id: viewerId, role: 'pro_only', status: 'active' },
      ...teams.map((id, n) => ({ team_id: id, user_id: person(n * 3), role: 'manager', status: 'active' })),
    ];
    await tx.execute(
      `insert into team_members (team_id, user_id, role, status) select team_id, user_id, role, status from json_to_recordset(?::json) as m(team_id int, user_id int, role text, status text)`,
      [JSON.stringify(members)],
    );

    const projects: ProjectRow[] = [];
    const collaborators: CollaboratorRow[] = [];
    const pageKinds = { own: 0, collaborating: 0, team: 0, stranger: 0 };
    for (let i = 0; i < PROJECTS; i++) {
      const teamOwned = i % 10 === 0;
      const ownerTeam = teamOwned ? team(Math.floor(i / 10)) : null;
      const ownerUser = teamOwned ? null : i % 25 === 3 ? viewerId : person(i * 7);
      const name = `${TITLES[i % TITLES.length]} ${KINDS[Math.floor(i / TITLES.length) % KINDS.length]} ${i + 1}`;
      const dated = i % 5 !== 0;
      projects.push({
        public_id: publicIdOf(i),
        name,
        slug: slugifyProjectName(name),
        client_user_id: i % 4 === 1 ? person(i * 13) : null,
        client_name: i % 4 === 2 ? `Client ${(i % 40) + 1}` : null,
        starts_on: dated ? day(i % 300) : null,
        ends_on: dated ? day((i % 300) + 30) : null,
        status: PROJECT_STATUSES[(i * 3) % PROJECT_STATUSES.length] as string,
        visibility: i % 3 === 0 ? 'public' : 'private',
        owner_user_id: ownerUser,
        owner_team_id: ownerTeam,
        // Every thousandth project shares an hour with another, so the list's tie on activity is broken by id.
        last_activity_at: new Date(BASE_ACTIVITY - ((i * 7919) % 1000) * HOUR_MS).toISOString(),
      });
      // The viewer's own invitations: accepted (editor or viewer), and pending or declined ones that give nothing.
      if (i % 25 === 7) collaborators.push({ i, user_id: viewerId, invited_email: null, credit_role_id: role(i), permission: i % 2 === 0 ? 'editor' : 'viewer', status: 'accepted' });
      else if (i % 50 === 17) collaborators.push({ i, user_id: viewerId, invited_email: null, credit_role_id: role(i), permission: 'viewer', status: 'accepted' });
      else if (i % 25 === 11) collaborators.push({ i, user_id: viewerId, invited_email: null, credit_role_id: role(i), permission: 'editor', status: 'pending' });
      else if (i % 25 === 19) collaborators.push({ i, user_id: viewerId, invited_email: null, credit_role_id: role(i), permission: 'viewer', status: 'declined' });

      const kind =
        ownerUser === viewerId ? 'own'
        : i % 25 === 7 ? 'collaborating'
        : ownerTeam === team(0) ? 'team'
        : i % 3 === 0 && ownerUser !== null && i % 25 !== 11 && i % 25 !== 19 && i % 50 !== 17 ? 'stranger'
        : null;
      const onPage = kind !== null && pageKinds[kind] < PAGE_PROJECTS_PER_KIND;
      if (kind !== null && onPage) pageKinds[kind] += 1;
      // Everyone else's people: 30 on the page's projects, two elsewhere (never the owner, never the viewer, who is not in `users`).
      const people = (onPage ? [...Array(PAGE_COLLABORATORS + 1).keys()].map((k) => person(i + k)) : [person(i * 11 + 1), person(i * 11 + 2)]).filter((id) => id !== ownerUser).slice(0, onPage ? PAGE_COLLABORATORS : 2);
      people.forEach((id, k) => collaborators.push({ i, user_id: id, invited_email: null, credit_role_id: role(i + k), permission: k % 7 === 0 ? 'owner' : k % 3 === 0 ? 'editor' : 'viewer', status: 'accepted' }));
      if (onPage) {
        collaborators.push({ i, user_id: person(i + PAGE_COLLABORATORS + 1), invited_email: null, credit_role_id: role(i), permission: 'viewer', status: 'pending' });
        collaborators.push({ i, user_id: null, invited_email: `invitee-${i}@example.com`, credit_role_id: role(i + 1), permission: 'viewer', status: 'pending' });
      }
      // Deliverables (50 per project) will be seeded here, through SQL like the rest, once their table exists.
    }
    const inserted = await tx.execute<Array<{ id: number; public_id: string }>>(
      `insert into projects (public_id, name, slug, client_user_id, client_name, starts_on, ends_on, status, visibility, owner_user_id, owner_team_id, created_at, updated_at, last_activity_at)
       select public_id, name, slug, client_user_id, client_name, starts_on, ends_on, status, visibility, owner_user_id, owner_team_id,
              last_activity_at - interval '30 days', last_activity_at, last_activity_at
         from json_to_recordset(?::json) as p(public_id text, name text, slug text, client_user_id int, client_name text, starts_on date, ends_on date,
                                              status text, visibility text, owner_user_id int, owner_team_id int, last_activity_at timestamptz)
       returning id, public_id`,
      [JSON.stringify(projects)],
    );
    const idOf = new Map(inserted.map((row) => [row.public_id, Number(row.id)]));
    const rows = collaborators.map(({ i, ...row }) => ({ ...row, project_id: idOf.get(publicIdOf(i)) }));
    await tx.execute(
      `insert into project_collaborators (project_id, user_id, invited_email, credit_role_id, permission, status, created_at, responded_at)
       select project_id, user_id, invited_email, credit_role_id, permission, status, now(), case when status = 'pending' then null else now() end
         from json_to_recordset(?::json) as c(project_id int, user_id int, invited_email text, credit_role_id smallint, permission text, status text)`,
      [JSON.stringify(rows)],
    );
    console.log(`Seeded ${projects.length.toLocaleString('en-US')} projects, ${rows.length.toLocaleString('en-US')} collaborators and ${teams.length} teams in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  });
  await em.execute('analyze projects, project_collaborators, teams, team_members');
}
