import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType, RoleFlag, UserType } from '../../domain/enums.js';
import { jobPath, jobSlug } from '../../domain/jobs.js';
import { DEMO_TEAM } from '../../server/src/seed/demo-content.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { DEMO_SEED, planDemoData } from '../../server/src/seed/demo-plan.js';

/** The patterns of the client's route table, read from its source so a new route cannot be missed. */
export function routePatterns(): string[] {
  const source = readFileSync(fileURLToPath(new URL('../../client/src/shell/routes.tsx', import.meta.url)), 'utf8');
  return [...source.matchAll(/\{\s*path:\s*'([^']+)'/g)].map((match) => match[1]!);
}

/** Whether `path` is an address the route pattern `pattern` answers (`:name` is one segment, `*` the rest). */
export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  // A trailing `/*` also answers the path without it (`/projects/:slug` and its tabs).
  const source = pattern
    .replace(/\/\*$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const rest = pattern.endsWith('/*') ? '(?:/.*)?' : '';
  return new RegExp(`^${source}${rest}$`).test(path.split('?')[0]!);
}

/** The demo people whose pages the checks open: a team manager (made an admin) and a creator with work. */
export const SIGNED_IN_USERNAME = DEMO_TEAM.manager;
const CREATOR_USERNAME = 'maya.okafor';

export interface SeededAddresses {
  /** The person signed in for the signed-in pass. */
  viewerId: number;
  /** One address per route pattern, in the order they are checked. */
  paths: string[];
  /** The address checked for each route pattern. */
  addressOf: Record<string, string>;
  /** The addresses checked beyond one per pattern: a project's tabs and the seeded event's page. */
  extraPaths: string[];
}

/**
 * The demo data (a small one: every person, account and tag, 20 posts with pictures and numbers),
 * the manager made an admin so the admin pages show, a list of people, and one concrete address
 * for every route. `/signout` comes last: opening it signs the viewer out.
 */
export async function seedForAxe(em: EntityManager): Promise<SeededAddresses> {
  await seedDemoData(em, planDemoData(DEMO_SEED, { posts: 20 }));
  const one = async <T>(sql: string, values: unknown[] = []): Promise<T> => {
    const rows = await em.execute<T[]>(sql, values);
    if (!rows[0]) throw new Error(`the demo data has no row for: ${sql}`);
    return rows[0];
  };
  const viewer = await one<{ id: number }>('update users set role_flags = array_append(role_flags, ?) where username = ? returning id', [RoleFlag.admin, SIGNED_IN_USERNAME]);
  const creator = await one<{ id: number }>('select id from users where username = ?', [CREATOR_USERNAME]);
  const list = await one<{ id: number }>(`insert into lists (owner_id, kind, name) values (?, 'custom', 'Shortlist') returning id`, [viewer.id]);
  await em.execute('insert into list_people (list_id, user_id) values (?, ?)', [list.id, creator.id]);
  const team = await one<{ id: number }>('select team_id as id from team_members where user_id = ? limit 1', [viewer.id]);
  // The demo invites people as members, not by mail: an invitation's page with a code nobody has.
  const [invitation] = await em.execute<Array<{ code: string }>>('select code from invitations order by id limit 1');
  const post = await one<{ id: number }>('select id from posts where not is_private and type <> ? and not is_deleted order by id limit 1', [PostType.Story]);
  // A public project of the viewer's, with a collaborator: signed out, its overview opens too.
  const project = await one<{ id: number; path: string }>(
    `insert into projects (public_id, name, slug, client_name, owner_user_id, visibility, status) values ('Axe2Prqj3k', 'Spring campaign', 'spring-campaign', 'Northwind', ?, 'public', 'in_production') returning id, '/projects/' || public_id || '~' || slug as path`,
    [viewer.id],
  );
  await em.execute(`insert into project_collaborators (project_id, user_id, credit_role_id, permission, status) values (?, ?, (select min(id) from credit_roles), 'editor', 'accepted')`, [project.id, creator.id]);

  // An open job of the viewer's team, published as its company, with one application: signed in
  // (a manager) the page shows the applicants table; signed out, the sign-up prompt to apply.
  const company = await one<{ id: number; username: string }>(`select u.id, u.username from users u join team_members m on m.user_id = u.id where m.team_id = ? and u.user_type = ? limit 1`, [team.id, UserType.Company]);
  const job = await one<{ id: number }>(
    `insert into jobs (public_id, team_id, account_id, name, name_slug, role_ids, description, place_geohash, place_name, place_lat, place_lon, pay_min, pay_max, pay_currency, status, published_at)
     values ('Axe7Jbq2mk', ?, ?, 'Photographer', 'photographer', array[2]::smallint[], 'Shoot our spring lookbook. Brief: https://example.com/brief', 'eycs0p', 'Lisbon, Portugal', 38.72, -9.14, 200000, 350000, 'EUR', 'open', now()) returning id`,
    [team.id, company.id],
  );
  await em.execute(`insert into job_applications (job_id, applicant_id, message) values (?, ?, 'I shot the Lisbon campaign.')`, [job.id, creator.id]);

  // A conversation of the viewer's with the creator, a web address in it (docs/product.md §Messages).
  const conversation = await one<{ id: number }>(
    'insert into conversations (user_low_id, user_high_id, started_by_id) values (least(?::int, ?::int), greatest(?::int, ?::int), ?) returning id',
    [viewer.id, creator.id, viewer.id, creator.id, creator.id],
  );
  const message = await one<{ id: number }>(`insert into messages (conversation_id, sender_id, body) values (?, ?, 'Loved the Lisbon shoot: https://example.com/lookbook') returning id`, [conversation.id, creator.id]);
  await em.execute('update conversations set last_message_id = ? where id = ?', [message.id, conversation.id]);
  await em.execute('insert into conversation_participants (conversation_id, user_id, last_message_id, last_read_message_id) values (?, ?, ?, null), (?, ?, ?, ?)', [
    conversation.id,
    viewer.id,
    message.id,
    conversation.id,
    creator.id,
    message.id,
    message.id,
  ]);

  const concrete: Record<string, string> = {
    '/jobs/:jobSlug': jobPath('Axe7Jbq2mk', jobSlug(company.username, 'Photographer')),
    '/:username/jobs': `/${company.username}/jobs`,
    '/teams/:teamId': `/teams/${team.id}`,
    '/teams/:teamId/billing': `/teams/${team.id}/billing`,
    '/teams/accept/:code': `/teams/accept/${invitation?.code ?? 'not-a-real-invitation-code'}`,
    '/posts/:postRef': `/posts/${post.id}`,
    '/projects/:projectSlug/*': project.path,
    '/projects/invitations/:token': '/projects/invitations/not-a-real-invitation-token',
    '/credits/claim/:token': '/credits/claim/not-a-real-claim-token',
    '/lists/:listId': `/lists/${list.id}`,
    '/messages/:conversationId': `/messages/${conversation.id}`,
    // The repository's own posts and articles (content/): a post has a cover, code and lists.
    '/blog/:slug': '/blog/the-public-api',
    '/help/:slug': '/help/getting-started',
    '/:username': `/${CREATOR_USERNAME}`,
    '*': '/no/such/page',
  };
  // A project's tabs are pages of their own: each is checked (the overview stands for the pattern).
  const projectTabs = ['concepts', 'deliverables', 'costs', 'collaborators'].map((tab) => `${project.path}/${tab}`);
  // An event's page is served by the /:username route (docs/product.md §Events): the seeded one,
  // with a few of the demo's posts tagged so its grid and people show.
  await em.execute(
    `insert into post_tags (post_id, tag_id) select p.id, e.tag_id from posts p, events e where e.slug = 'sportssummit26' and not p.is_private and p.type <> ? order by p.id limit 3 on conflict do nothing`,
    [PostType.Story],
  );
  const addressOf = Object.fromEntries(routePatterns().map((pattern) => [pattern, concrete[pattern] ?? pattern]));
  const extraPaths = [...projectTabs, '/sportssummit26'];
  const paths = [...Object.values(addressOf), ...extraPaths];
  const signOut = paths.indexOf('/signout');
  if (signOut >= 0) paths.push(...paths.splice(signOut, 1));
  return { viewerId: viewer.id, paths, addressOf, extraPaths };
}
