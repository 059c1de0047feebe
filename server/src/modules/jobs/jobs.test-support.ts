import { expect } from 'vitest';
import { RoleFlag, UserType } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import { payForTeam, type Team } from '../teams/index.js';
import type { User } from '../users/index.js';

/** Everyone a jobs test asks as: the hiring team's people, an applicant, a stranger and an admin. */
export interface HiringTeam {
  team: Team;
  teamId: string;
  /** The Company user jobs are published as; also a manager of the team. */
  company: User;
  manager: User;
  member: User;
  proOnly: User;
  applicant: User;
  stranger: User;
  admin: User;
}

/** A paid team with a company account, a manager, a member and a pro_only seat, plus people outside it. */
export async function hiringTeam(server: TestServer, options: { paid?: boolean } = {}): Promise<HiringTeam> {
  const em = server.orm.em.fork();
  const suffix = uniqueSuffix();
  const company = await createUser(em, { userType: UserType.Company, username: `acme_${suffix}`, name: `Acme ${suffix}` });
  const [manager, member, proOnly, applicant, stranger] = await Promise.all([createUser(em), createUser(em), createUser(em), createUser(em, { userType: UserType.Creator }), createUser(em)]);
  const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
  const team = await createTeam(em, [
    { user: company, role: 'manager' },
    { user: manager, role: 'manager' },
    { user: member, role: 'member' },
    { user: proOnly, role: 'pro_only' },
  ]);
  if (options.paid !== false) await payForTeam(em, team, 'teams');
  return { team, teamId: toGlobalId('Team', team.id), company, manager, member, proOnly, applicant, stranger, admin };
}

/** A GraphQL call as `userId`, or signed out with null. */
export function askAs<T = Record<string, unknown>>(server: TestServer, userId: number | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return graphql<T>(server, query, { token: userId === null ? undefined : server.tokenFor(userId), variables });
}

/** The first error's code and words, or undefined. */
export function errorOf(answer: GraphQLResponse): { code: unknown; message: string } | undefined {
  const error = answer.body.errors?.[0];
  return error ? { code: error.extensions?.code, message: error.message } : undefined;
}

export function dataOf<T>(answer: GraphQLResponse<T>): T {
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!;
}

export const CREATE_JOB = `mutation($input: CreateJobInput!) { createJob(input: $input) { job { id databaseId publicId name slug path status publishedAt isRemote isUnpaid deadline
  place { name geohash } pay { min max currency } roles { id name } account { id username } viewerCan { edit seeApplications apply } } } }`;

export interface PostedJob {
  id: string;
  databaseId: number;
  publicId: string;
  name: string;
  slug: string;
  path: string;
  status: string;
}

/** The input of a valid job: an open Video Editor job in Lisbon paying 1,000–2,500 EUR. */
export function jobInput(hiring: HiringTeam, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    teamId: hiring.teamId,
    accountId: toGlobalId('User', hiring.company.id),
    name: 'Video Editor',
    roleIds: [toGlobalId('CreditRole', 3)],
    description: 'Cut our spring campaign.\nSee https://example.test/brief',
    place: { name: 'Lisbon, Portugal', geohash: 'eycs0p' },
    pay: { min: 100_000, max: 250_000, currency: 'EUR' },
    status: 'OPEN',
    ...overrides,
  };
}

export async function postJob(server: TestServer, hiring: HiringTeam, overrides: Record<string, unknown> = {}): Promise<PostedJob> {
  const answer = await askAs<{ createJob: { job: PostedJob } }>(server, hiring.manager.id, CREATE_JOB, { input: jobInput(hiring, overrides) });
  return dataOf(answer).createJob.job;
}
