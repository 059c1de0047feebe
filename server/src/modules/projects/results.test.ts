import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createLogger } from '../../logger.js';
import { buildAppSchema } from '../../registry.js';
import { createPost, createTeam, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { type GraphQLResponse, useTestServer } from '../../test-support/test-server.js';
import type { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { askOn, dataOf } from './projects.test-support.js';

const env = useTestServer();
const log = useQueryLog(env);

const CREATE_PROJECT = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id publicId } } }';
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id } } }';
const RESULTS = 'query($publicId: String!) { projectByAddress(publicId: $publicId) { project { results { publishedPosts views likes } } } }';
const SERIES = 'query($input: StatsSeriesInput!) { statsSeries(input: $input) { total change source points { start value } } }';
const INVITATION_RESULTS = 'query { projectInvitations(first: 10) { nodes { project { name results { publishedPosts } } } } }';

interface Results {
  publishedPosts: number;
  views: number;
  likes: number;
}
interface Series {
  total: number;
  change: number;
  source: string | null;
  points: Array<{ start: string; value: number }>;
}
interface Person {
  user: User;
  token: string;
}
interface MadeProject {
  id: string;
  publicId: string;
  databaseId: number;
}

async function person(fields: Partial<Pick<User, 'roleFlags'>> = {}): Promise<Person> {
  const user = await createUser(env.server.orm.em.fork(), fields);
  return { user, token: env.server.tokenFor(user.id) };
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(env.server, token, query, variables);
}

function databaseIdOf(globalId: string): number {
  return Number(Buffer.from(globalId, 'base64').toString('utf8').split(':')[1]);
}

async function project(token: string, input: Record<string, unknown>): Promise<MadeProject> {
  const made = dataOf(await ask<{ createProject: { project: { id: string; publicId: string } } }>(token, CREATE_PROJECT, { input })).createProject.project;
  return { ...made, databaseId: databaseIdOf(made.id) };
}

/** Someone invited with `permission`; they accept unless told not to. */
async function invited(ownerToken: string, projectId: string, permission: 'OWNER' | 'EDITOR' | 'VIEWER', accept = true): Promise<Person> {
  const member = await person();
  const row = dataOf(await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(ownerToken, ADD, { input: { projectId, userId: toGlobalId('User', member.user.id), roleId: toGlobalId('CreditRole', 1), permission } })).addProjectCollaborator.collaborator;
  if (accept) dataOf(await ask(member.token, RESPOND, { input: { collaboratorId: row.id, accept: true } }));
  return member;
}

/** A post with its latest numbers on the row and one stored reading (for the series). */
async function postWith(views: number, likes: number, fields: { isPrivate?: boolean; createdBy?: User } = {}): Promise<Post> {
  const post = await createPost(env.server.orm.em.fork(), fields);
  await queryRows(env.database.url, 'update posts set views = $2, likes = $3, posted_at = $4 where id = $1', [post.id, views, likes, '2026-11-02T09:00:00Z']);
  await queryRows(env.database.url, `insert into post_stats (post_id, views, likes, source, fetched_at) values ($1, $2, $3, 'refresh', $4)`, [post.id, views, likes, '2026-11-02T12:00:00Z']);
  return post;
}

/** A deliverable in `status`, holding `post` (a deliverable taken back from published keeps its post). */
async function deliverable(projectId: number, status: 'published' | 'approved', post: Post | null): Promise<void> {
  await queryRows(env.database.url, `insert into project_deliverables (project_id, title, network_id, post_type, due_on, status, post_id) values ($1, 'Teaser', 1, 1, '2026-11-01', $2, $3)`, [projectId, status, post?.id ?? null]);
}

async function resultsOf(token: string | undefined, publicId: string): Promise<Results | null | undefined> {
  const data = dataOf(await ask<{ projectByAddress: { project: { results: Results | null } } | null }>(token, RESULTS, { publicId }));
  return data.projectByAddress === null ? undefined : data.projectByAddress.project.results;
}

function series(token: string | undefined, projectId: string, metric = 'VIEWS') {
  return ask<{ statsSeries: Series }>(token, SERIES, { input: { subject: { projectId }, metric, interval: 'DAY', from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' } });
}

async function seriesValues(token: string | undefined, projectId: string, metric = 'VIEWS'): Promise<number[]> {
  return dataOf(await series(token, projectId, metric)).statsSeries.points.map((point) => point.value);
}

describe('a project’s results', () => {
  it('adds up the published deliverables’ posts, each once, leaving out a deliverable that is not published', async () => {
    const owner = await person();
    const made = await project(owner.token, { name: 'Autumn launch' });
    const twice = await postWith(1_000, 100);
    const once = await postWith(500, 20);
    const unpublished = await postWith(99_000, 9_000);
    await deliverable(made.databaseId, 'published', twice);
    await deliverable(made.databaseId, 'published', twice);
    await deliverable(made.databaseId, 'published', once);
    await deliverable(made.databaseId, 'approved', unpublished);
    await deliverable(made.databaseId, 'approved', null);

    expect(await resultsOf(owner.token, made.publicId)).toEqual({ publishedPosts: 2, views: 1_500, likes: 120 });
    expect(await seriesValues(owner.token, made.id)).toEqual([0, 1_500, 1_500]);
    expect(await seriesValues(owner.token, made.id, 'LIKES')).toEqual([0, 120, 120]);
    expect(await seriesValues(owner.token, made.id, 'POSTS')).toEqual([0, 2, 0]);
    expect(dataOf(await series(owner.token, made.id)).statsSeries).toMatchObject({ total: 1_500, change: 1_500, source: 'TikTok' });
  });

  it('is zero, with an empty series, while nothing is published', async () => {
    const owner = await person();
    const made = await project(owner.token, { name: 'Still planning' });
    await deliverable(made.databaseId, 'approved', null);
    expect(await resultsOf(owner.token, made.publicId)).toEqual({ publishedPosts: 0, views: 0, likes: 0 });
    expect(dataOf(await series(owner.token, made.id)).statsSeries).toMatchObject({ total: 0, change: 0, source: null });
  });

  it('shows a private post’s numbers only to those who may see that post', async () => {
    const owner = await person();
    const made = await project(owner.token, { name: 'Open studio', visibility: 'PUBLIC' });
    const viewer = await invited(owner.token, made.id, 'VIEWER');
    await deliverable(made.databaseId, 'published', await postWith(300, 30));
    await deliverable(made.databaseId, 'published', await postWith(7_000, 700, { isPrivate: true, createdBy: owner.user }));

    expect(await resultsOf(owner.token, made.publicId)).toEqual({ publishedPosts: 2, views: 7_300, likes: 730 });
    expect(await seriesValues(owner.token, made.id)).toEqual([0, 7_300, 7_300]);
    for (const token of [viewer.token, undefined]) {
      expect(await resultsOf(token, made.publicId)).toEqual({ publishedPosts: 1, views: 300, likes: 30 });
      expect(await seriesValues(token, made.id)).toEqual([0, 300, 300]);
      expect(await seriesValues(token, made.id, 'POSTS')).toEqual([0, 1, 0]);
    }
  });
});

describe('who sees a project’s results', () => {
  it('answers whoever may read the project, and "not found" alike to others and for an unknown project', async () => {
    const owner = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const stranger = await person();
    const manager = await person();
    const member = await person();
    const team = await createTeam(env.server.orm.em.fork(), [{ user: manager.user, role: 'manager' }, { user: member.user, role: 'member' }]);
    const hidden = await project(owner.token, { name: 'Under wraps' });
    const editor = await invited(owner.token, hidden.id, 'EDITOR');
    const viewer = await invited(owner.token, hidden.id, 'VIEWER');
    const pending = await invited(owner.token, hidden.id, 'VIEWER', false);
    const teamProject = await project(manager.token, { name: 'Team reel', ownerTeamId: toGlobalId('Team', team.id) });
    const open = await project(owner.token, { name: 'In the open', visibility: 'PUBLIC' });
    for (const made of [hidden, teamProject, open]) await deliverable(made.databaseId, 'published', await postWith(40, 4));
    const expected = { publishedPosts: 1, views: 40, likes: 4 };

    for (const who of [owner, editor, viewer, admin]) {
      expect(await resultsOf(who.token, hidden.publicId)).toEqual(expected);
      expect(await seriesValues(who.token, hidden.id)).toEqual([0, 40, 40]);
    }
    for (const who of [manager, member]) {
      expect(await resultsOf(who.token, teamProject.publicId)).toEqual(expected);
      expect(await seriesValues(who.token, teamProject.id)).toEqual([0, 40, 40]);
    }
    for (const who of [stranger, pending, { token: undefined }]) {
      expect(await resultsOf(who.token, hidden.publicId)).toBeUndefined();
      expect((await series(who.token, hidden.id)).body.errors?.[0]).toMatchObject({ message: PROJECT_MESSAGES.projectNotFound, extensions: { code: 'NOT_FOUND' } });
    }
    expect((await series(stranger.token, teamProject.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // An invitation names its project before it is answered; its results wait for the answer.
    const invitations = dataOf(await ask<{ projectInvitations: { nodes: Array<{ project: { name: string; results: Results | null } }> } }>(pending.token, INVITATION_RESULTS));
    expect(invitations.projectInvitations.nodes).toEqual([{ project: { name: 'Under wraps', results: null } }]);

    for (const token of [undefined, stranger.token]) {
      expect(await resultsOf(token, open.publicId)).toEqual(expected);
      expect(await seriesValues(token, open.id)).toEqual([0, 40, 40]);
    }
    const unknown = toGlobalId('Project', 2_000_000_000);
    expect((await series(owner.token, unknown)).body.errors?.[0]).toMatchObject({ message: PROJECT_MESSAGES.projectNotFound, extensions: { code: 'NOT_FOUND' } });
    expect((await ask(owner.token, SERIES, { input: { subject: { projectId: open.id, listId: toGlobalId('List', 1) }, metric: 'VIEWS', interval: 'DAY', from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' } })).body.errors?.[0]?.message).toBe(
      'Give exactly one of postId, socialAccountId, userId, listId, teamReportId or projectId.',
    );
  });
});

describe('the cost of results', () => {
  it('reads the results of a whole page of projects in one statement', async () => {
    const PAGE = 'query { projects(first: 20) { nodes { results { publishedPosts views } } } }';
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    async function ownerOf(projects: number): Promise<Person> {
      const owner = await person();
      for (let index = 0; index < projects; index++) {
        const made = await project(owner.token, { name: `Project ${index}` });
        await deliverable(made.databaseId, 'published', await postWith(10, 1));
      }
      return owner;
    }
    async function resultStatements(owner: Person, projects: number): Promise<number> {
      const em = log.orm.em.fork();
      const viewer = { user: await em.findOneOrFail(User, owner.user.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({ schema, source: PAGE, contextValue: { em, viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') } });
        expect(result.errors).toBeUndefined();
        const nodes = (result.data as unknown as { projects: { nodes: Array<{ results: { publishedPosts: number; views: number } }> } }).projects.nodes;
        expect(nodes).toHaveLength(projects);
        expect(nodes.every((node) => node.results.publishedPosts === 1 && node.results.views === 10)).toBe(true);
      });
      return selects.filter((sql) => sql.includes('project_deliverables')).length;
    }
    expect(await resultStatements(await ownerOf(1), 1)).toBe(1);
    expect(await resultStatements(await ownerOf(5), 5)).toBe(1);
  });
});
