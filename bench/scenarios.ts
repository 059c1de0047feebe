/**
 * What the benchmark asks: every main read path with the query its page sends (signed out, or
 * signed in where the path needs it), each beside its raw SQL baseline (raw-server.ts), which
 * takes the same variables at `POST <raw>/<rawPath>`.
 */
import type { BenchFixtures } from './fixtures.js';
import { BENCH_JOBS_NEAR } from './bench-jobs.js';
import { EXPLORE_QUERY, FEED_QUERY, JOB_APPLICATIONS_QUERY, JOB_PAGE_QUERY, JOBS_QUERY, NOTIFICATIONS_QUERY, POST_QUERY, PROFILE_QUERY, PROJECT_PAGE_QUERY, PROJECTS_QUERY, TOP_SEARCH_QUERY } from './queries.js';

export type Data = Record<string, unknown>;

export interface Scenario {
  name: string;
  /** GraphQL query, or null for a plain GET of `path`. */
  query: string | null;
  path?: string;
  /** The raw baseline's route; null when there is none (the health check is its own floor). */
  rawPath: string | null;
  signedIn: boolean;
  /** Asked as this viewer's token instead of the bench's member's (the viewer rows below). */
  token?: string;
  variables(index: number): Data;
  /** Throws unless the answer carries what the page shows. */
  check(data: Data): void;
}

/** Words the synthetic and demo sets contain: names, brands, tags, roles, places, handle prefixes, one typo. */
export const SEARCH_TEXTS = ['maya', 'okafor', 'studio', 'golden light', 'direc', 'photo', 'tokyo', 'northwind_', 'sato', 'embr'];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const nonEmpty = (what: string, list: unknown) => {
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${what} came back empty`);
};
const networkId = (id: number) => Buffer.from(`Network:${id}`).toString('base64');
const teamId = (id: number) => Buffer.from(`Team:${id}`).toString('base64');
const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

/**
 * The paths whose answer depends most on who asks (which posts and credits they may see), asked
 * again as the member with 10,000 private posts and as an admin, each against a raw statement with
 * the same visibility rule: the viewer rows of the table.
 */
const ASKED_AS_EACH_VIEWER = ['feed', 'post page', 'profile', 'explore'];

export function buildScenarios(fixtures: BenchFixtures): Scenario[] {
  const scenarios = pathScenarios(fixtures);
  const others: Array<[string, string]> = [
    ['member with 10,000 private posts', fixtures.otherViewers.privatePosts],
    ['admin', fixtures.otherViewers.admin],
  ];
  return scenarios.flatMap((scenario) =>
    ASKED_AS_EACH_VIEWER.some((path) => scenario.name.startsWith(path))
      ? [scenario, ...others.map(([viewer, token]) => ({ ...scenario, name: `${scenario.name} · ${viewer}`, signedIn: true, token }))]
      : [scenario],
  );
}

function pathScenarios(fixtures: BenchFixtures): Scenario[] {
  const allFilters = { tagDatabaseIds: [], userIds: [], postingAccountId: null, networkIds: [], text: null, creditedStatus: 'ALL' };
  // The /explore page's usual asks, in turn: most viewed, newest, a tag, a network, words.
  const exploreVariants: Array<(index: number) => Data> = [
    () => ({ filter: allFilters, sort: 'RELEVANCE', first: 24 }),
    () => ({ filter: allFilters, sort: 'NEWEST', first: 24 }),
    (index) => ({ filter: { ...allFilters, tagDatabaseIds: [pick(fixtures.tagIds, index)] }, sort: 'RELEVANCE', first: 24 }),
    (index) => ({ filter: { ...allFilters, networkIds: [networkId(pick([5, 2, 4], index))] }, sort: 'RELEVANCE', first: 24 }),
    (index) => ({ filter: { ...allFilters, text: pick(['studio', 'golden', 'launch'], index) }, sort: 'RELEVANCE', first: 24 }),
  ];
  // The /projects page's asks, in turn: the first page, the next one, a status, a team.
  const projectsVariants: Array<() => Data> = [
    () => ({ first: 25 }),
    () => ({ first: 25, after: Buffer.from(`id:${fixtures.projects.cursorProjectId}`).toString('base64url') }),
    () => ({ first: 25, status: 'IN_PRODUCTION' }),
    () => ({ first: 25, teamId: teamId(fixtures.projects.teamId) }),
  ];
  // The /jobs page's asks, in turn: the first page, the next one, a role, remote, near a city, this week.
  const jobsVariants: Array<() => Data> = [
    () => ({ first: 20 }),
    () => ({ first: 20, after: Buffer.from(`id:${fixtures.jobs.cursorJobId}`).toString('base64url') }),
    () => ({ first: 20, roleIds: [globalId('CreditRole', fixtures.jobs.roleId)] }),
    () => ({ first: 20, remote: true }),
    () => ({ first: 20, near: BENCH_JOBS_NEAR, radiusKm: 50 }),
    () => ({ first: 20, postedWithinDays: 7 }),
  ];
  // The applicants table's asks, in turn: newest first, most followed, the shortlist.
  const applicationsVariants: Array<(jobId: string) => Data> = [
    (jobId) => ({ jobId, first: 50 }),
    (jobId) => ({ jobId, first: 50, orderBy: { field: 'FOLLOWERS', direction: 'DESC' } }),
    (jobId) => ({ jobId, first: 50, statuses: ['SHORTLISTED', 'INTERVIEWING'] }),
  ];
  return [
    {
      name: 'feed posts(first: 20)',
      query: FEED_QUERY,
      rawPath: '/feed',
      signedIn: false,
      variables: () => ({ first: 20 }),
      check: (data) => nonEmpty('posts', (data.posts as Data | undefined)?.nodes),
    },
    {
      name: 'post page postByDatabaseId',
      query: POST_QUERY,
      rawPath: '/post',
      signedIn: false,
      variables: (index) => ({ databaseId: pick(fixtures.postIds, index) }),
      check: (data) => {
        if (!data.postByDatabaseId) throw new Error('post not found');
      },
    },
    {
      name: 'profile userByUsername',
      query: PROFILE_QUERY,
      rawPath: '/profile',
      signedIn: false,
      variables: (index) => ({ username: pick(fixtures.usernames, index) }),
      check: (data) => {
        if (!(data.userByUsername as Data | undefined)?.portfolio) throw new Error('profile without portfolio');
      },
    },
    {
      name: 'explore explorePosts',
      query: EXPLORE_QUERY,
      rawPath: '/explore',
      signedIn: true,
      variables: (index) => pick(exploreVariants, index)(Math.floor(index / exploreVariants.length)),
      check: (data) => {
        if (!Array.isArray((data.explorePosts as Data | undefined)?.nodes)) throw new Error('explorePosts without nodes');
      },
    },
    {
      name: 'top search topSearch(text)',
      query: TOP_SEARCH_QUERY,
      rawPath: '/top-search',
      signedIn: false,
      variables: (index) => ({ text: pick(SEARCH_TEXTS, index) }),
      check: (data) => {
        if (!data.topSearch) throw new Error('topSearch missing');
      },
    },
    {
      name: 'notifications(first: 20)',
      query: NOTIFICATIONS_QUERY,
      rawPath: '/notifications',
      signedIn: true,
      variables: () => ({ first: 20 }),
      check: (data) => nonEmpty('notifications', (data.notifications as Data | undefined)?.nodes),
    },
    {
      name: 'projects list projects(first: 25)',
      query: PROJECTS_QUERY,
      rawPath: '/projects',
      signedIn: true,
      variables: (index) => pick(projectsVariants, index)(),
      check: (data) => nonEmpty('projects', (data.projects as Data | undefined)?.nodes),
    },
    {
      name: 'project page projectByAddress with collaborators',
      query: PROJECT_PAGE_QUERY,
      rawPath: '/project',
      signedIn: true,
      variables: (index) => ({ ...pick(fixtures.projects.pages, index), first: 100 }),
      check: (data) => {
        const project = (data.projectByAddress as Data | undefined)?.project as Data | undefined;
        nonEmpty('collaborators', (project?.collaborators as Data | undefined)?.nodes);
      },
    },
    {
      name: 'jobs list jobs(first: 20)',
      query: JOBS_QUERY,
      rawPath: '/jobs',
      signedIn: false,
      variables: (index) => pick(jobsVariants, index)(),
      check: (data) => nonEmpty('jobs', (data.jobs as Data | undefined)?.nodes),
    },
    {
      name: 'job page jobByAddress',
      query: JOB_PAGE_QUERY,
      rawPath: '/job',
      signedIn: true,
      variables: (index) => pick(fixtures.jobs.pages, index),
      check: (data) => {
        if (!(data.jobByAddress as Data | undefined)?.job) throw new Error('job not found');
      },
    },
    {
      name: 'applicants table applications(first: 50) of 200',
      query: JOB_APPLICATIONS_QUERY,
      rawPath: '/job-applications',
      signedIn: true,
      variables: (index) => pick(applicationsVariants, index)(globalId('Job', pick(fixtures.jobs.tableJobIds, Math.floor(index / applicationsVariants.length)))),
      check: (data) => nonEmpty('applications', ((data.node as Data | undefined)?.applications as Data | undefined)?.nodes),
    },
    {
      name: 'REST GET /api/health',
      query: null,
      path: '/api/health',
      rawPath: null,
      signedIn: false,
      variables: () => ({}),
      check: () => undefined,
    },
  ];
}

interface GraphQLBody {
  data?: Data | null;
  errors?: Array<{ message: string }>;
}

/** Sends request `index` of a scenario to Byline (GraphQL) and returns its data; throws on any error. */
export async function askByline(baseUrl: string, scenario: Scenario, index: number, token: string): Promise<Data> {
  if (scenario.query === null) {
    const response = await fetch(`${baseUrl}${scenario.path ?? '/'}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return {};
  }
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(scenario.signedIn ? { authorization: `Bearer ${scenario.token ?? token}` } : {}) },
    body: JSON.stringify({ query: scenario.query, variables: scenario.variables(index) }),
  });
  return readData(response);
}

/** The same request to the raw SQL baseline. */
export async function askRaw(rawUrl: string, scenario: Scenario, index: number, token: string): Promise<Data> {
  const response = await fetch(`${rawUrl}${scenario.rawPath ?? '/'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(scenario.signedIn ? { authorization: `Bearer ${scenario.token ?? token}` } : {}) },
    body: JSON.stringify(scenario.variables(index)),
  });
  return readData(response);
}

async function readData(response: Response): Promise<Data> {
  const body = (await response.json()) as GraphQLBody;
  if (!response.ok || body.errors?.length || !body.data) throw new Error(`HTTP ${response.status}: ${body.errors?.[0]?.message ?? 'no data'}`);
  return body.data;
}
