import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../domain/messages.js';
import { JOB_MESSAGES } from '../../../../domain/jobs.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createPost, creditUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { Notification } from '../notifications/index.js';
import { ProjectCollaborator } from '../projects/index.js';
import type { User } from '../users/index.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/index.js';
import { JobApplication } from './job-application.entity.js';
import { closeJobsPastDeadline } from './job.service.js';
import { askAs, dataOf, errorOf, hiringTeam, postJob, type HiringTeam, type PostedJob } from './jobs.test-support.js';

let database: TestDatabase;
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  [receiver, database] = await Promise.all([startWebhookReceiver(), createTestDatabase()]);
  server = await startTestServer(database.url, { webhookPrivateOrigins: [receiver.origin] });
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await database?.drop();
});

const APPLY = 'mutation($input: ApplyToJobInput!) { applyToJob(input: $input) { application { id databaseId status message posts { id } } } }';
const WITHDRAW = 'mutation($input: WithdrawJobApplicationInput!) { withdrawJobApplication(input: $input) { application { id status } } }';
const SET_STATUS = 'mutation($input: SetJobApplicationStatusInput!) { setJobApplicationStatus(input: $input) { application { id status } } }';
const COMMENT = 'mutation($input: CommentOnJobApplicationInput!) { commentOnJobApplication(input: $input) { comment { id body author { id } } } }';
const CLOSE = 'mutation($input: CloseJobInput!) { closeJob(input: $input) { job { id status } } }';
const TABLE = `query($publicId: String!) { jobByAddress(publicId: $publicId) { job { viewerApplication { id status teamComments { nodes { id } } sourcing { followers } }
  applications(first: 50) { totalCount nodes { id status applicant { id } teamComments { nodes { body } } sourcing { followers location projects collaborators commentCount topRole { name } } } } } } }`;

type Table = {
  jobByAddress: {
    job: {
      viewerApplication: { id: string; status: string; teamComments: unknown; sourcing: unknown } | null;
      applications: { totalCount: number; nodes: Array<{ id: string; status: string; applicant: { id: string }; teamComments: { nodes: Array<{ body: string }> }; sourcing: { projects: number; commentCount: number; topRole: { name: string } | null } }> } | null;
    };
  } | null;
};

/** Posts `person` is credited on (accepted), in `roleId`. */
async function creditedPosts(person: User, count: number, roleId = 3): Promise<string[]> {
  const em = server.orm.em.fork();
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const post = await createPost(em);
    await creditUser(em, post, person, roleId);
    ids.push(toGlobalId('Post', post.id));
  }
  return ids;
}

async function apply(person: User, job: PostedJob, postIds: string[] = [], message = 'I cut the last three spots for Acme.') {
  return askAs<{ applyToJob: { application: { id: string; databaseId: number; status: string; posts: Array<{ id: string }> } } }>(server, person.id, APPLY, { input: { jobId: job.id, message, postIds } });
}

async function table(userId: number | null, job: PostedJob) {
  return dataOf(await askAs<Table>(server, userId, TABLE, { publicId: job.publicId })).jobByAddress;
}

async function notificationsOf(user: User): Promise<string[]> {
  return (await server.orm.em.fork().find(Notification, { user: user.id }, { orderBy: { id: 'asc' } })).map((row) => row.kind);
}

describe('applying', () => {
  it('takes one application per person and job, with posts they are credited on', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const posts = await creditedPosts(hiring.applicant, 2);
    const applied = dataOf(await apply(hiring.applicant, job, posts)).applyToJob.application;
    expect(applied.status).toBe('NEW');
    expect(applied.posts.map((post) => post.id)).toEqual(posts);
    expect(errorOf(await apply(hiring.applicant, job, posts))).toEqual({ code: 'CONFLICT', message: MESSAGES.resourceExists });
    const someoneElses = (await creditedPosts(hiring.stranger, 1))[0]!;
    expect(errorOf(await apply(hiring.stranger, job, [someoneElses, posts[0]!]))).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.postNotCredited });
  });

  it('leaves one row when the same person applies twice at once', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const answers = await Promise.all([apply(hiring.stranger, job), apply(hiring.stranger, job), apply(hiring.stranger, job)]);
    expect(answers.filter((answer) => answer.body.errors === undefined)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.body.errors !== undefined)) expect(errorOf(refused)).toEqual({ code: 'CONFLICT', message: MESSAGES.resourceExists });
    expect(await server.orm.em.fork().count(JobApplication, { job: job.databaseId, applicant: hiring.stranger.id })).toBe(1);
  });

  it('refuses drafts, closed jobs, the hiring team and signed-out visitors', async () => {
    const hiring = await hiringTeam(server);
    const draft = await postJob(server, hiring, { status: null });
    expect(errorOf(await apply(hiring.applicant, draft))).toEqual({ code: 'NOT_FOUND', message: JOB_MESSAGES.jobNotFound });
    const closed = await postJob(server, hiring);
    dataOf(await askAs(server, hiring.manager.id, CLOSE, { input: { jobId: closed.id } }));
    expect(errorOf(await apply(hiring.applicant, closed))).toEqual({ code: 'UNPROCESSABLE', message: JOB_MESSAGES.notOpen });
    const open = await postJob(server, hiring);
    expect(errorOf(await apply(hiring.member, open))).toEqual({ code: 'FORBIDDEN', message: JOB_MESSAGES.ownJob });
    expect(errorOf(await askAs(server, null, APPLY, { input: { jobId: open.id, message: '', postIds: [] } }))).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.signUpPrompt });
    expect(await server.orm.em.fork().count(JobApplication, { job: { $in: [draft.databaseId, closed.databaseId, open.databaseId] } })).toBe(0);
  });

  it('proposes the credits in a wanted role first', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const [directed] = await creditedPosts(hiring.applicant, 1, 1);
    const [edited] = await creditedPosts(hiring.applicant, 1, 3);
    const query = 'query($publicId: String!) { jobByAddress(publicId: $publicId) { job { viewerCreditChoices(first: 10) { post { id } role { name } } } } }';
    const choices = dataOf(await askAs<{ jobByAddress: { job: { viewerCreditChoices: Array<{ post: { id: string }; role: { name: string } }> } } }>(server, hiring.applicant.id, query, { publicId: job.publicId })).jobByAddress.job.viewerCreditChoices;
    expect(choices.map((choice) => choice.post.id)).toEqual([edited, directed]);
  });

  it('proposes the posts pinned on the profile first, in their order, and hidden ones last', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const [older, newer, hidden] = await creditedPosts(hiring.applicant, 3, 1);
    const [wanted] = await creditedPosts(hiring.applicant, 1, 3);
    const [hiddenWanted] = await creditedPosts(hiring.applicant, 1, 3);
    const place = (postId: string, placement: string) =>
      askAs(server, hiring.applicant.id, 'mutation($input: SetPortfolioPostPlacementInput!) { setPortfolioPostPlacement(input: $input) { placement } }', {
        input: { userId: toGlobalId('User', hiring.applicant.id), postId, placement },
      });
    for (const [postId, placement] of [[newer, 'PINNED'], [older, 'PINNED'], [hidden, 'HIDDEN'], [hiddenWanted, 'HIDDEN']] as const) dataOf(await place(postId!, placement));
    const query = 'query($publicId: String!) { jobByAddress(publicId: $publicId) { job { viewerCreditChoices(first: 10) { post { id } } } } }';
    const choices = dataOf(await askAs<{ jobByAddress: { job: { viewerCreditChoices: Array<{ post: { id: string } }> } } }>(server, hiring.applicant.id, query, { publicId: job.publicId })).jobByAddress.job.viewerCreditChoices;
    // Pins in the owner's order, then the wanted role, then the newest; hidden posts last (wanted role first among them).
    expect(choices.map((choice) => choice.post.id)).toEqual([newer, older, wanted, hiddenWanted, hidden]);
  });
});

describe('the applications table and its comments', () => {
  it('shows applications to the team’s managers, members and admins; never to pro_only seats, applicants or strangers', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const application = dataOf(await apply(hiring.applicant, job, await creditedPosts(hiring.applicant, 2))).applyToJob.application;
    dataOf(await askAs(server, hiring.member.id, COMMENT, { input: { applicationId: application.id, body: 'Strong reel.' } }));
    for (const team of [hiring.manager, hiring.member, hiring.admin]) {
      const rows = (await table(team.id, job))!.job.applications!;
      expect(rows.totalCount).toBe(1);
      expect(rows.nodes[0]).toMatchObject({ id: application.id, teamComments: { nodes: [{ body: 'Strong reel.' }] }, sourcing: { projects: 2, commentCount: 1, topRole: { name: 'Editor' } } });
    }
    for (const outsider of [hiring.proOnly.id, hiring.applicant.id, hiring.stranger.id, null]) expect((await table(outsider, job))!.job.applications).toBeNull();
    const own = (await table(hiring.applicant.id, job))!.job.viewerApplication!;
    expect(own).toEqual({ id: application.id, status: 'NEW', teamComments: null, sourcing: null });
    for (const outsider of [hiring.proOnly, hiring.applicant, hiring.stranger]) {
      expect(errorOf(await askAs(server, outsider.id, COMMENT, { input: { applicationId: application.id, body: 'Hi' } }))).toEqual({ code: 'NOT_FOUND', message: JOB_MESSAGES.applicationNotFound });
    }
    const node = 'query($id: ID!) { node(id: $id) { id } }';
    expect(dataOf(await askAs<{ node: unknown }>(server, hiring.proOnly.id, node, { id: application.id })).node).toBeNull();
    expect(dataOf(await askAs<{ node: unknown }>(server, hiring.applicant.id, node, { id: application.id })).node).toEqual({ id: application.id });
  });

  it('sorts and filters the table', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const many = await apply(hiring.applicant, job, await creditedPosts(hiring.applicant, 3));
    const few = await apply(hiring.stranger, job, await creditedPosts(hiring.stranger, 1, 1));
    const query = `query($publicId: String!, $orderBy: JobApplicationOrder, $roleId: ID, $first: Int, $after: String) { jobByAddress(publicId: $publicId) { job {
      applications(first: $first, after: $after, orderBy: $orderBy, roleId: $roleId) { totalCount pageInfo { hasNextPage endCursor } nodes { id } } } } }`;
    type Page = { jobByAddress: { job: { applications: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ id: string }> } } } };
    const ask = async (variables: Record<string, unknown>) => dataOf(await askAs<Page>(server, hiring.manager.id, query, { publicId: job.publicId, ...variables })).jobByAddress.job.applications;
    const manyId = dataOf(many).applyToJob.application.id;
    const fewId = dataOf(few).applyToJob.application.id;
    expect((await ask({ orderBy: { field: 'PROJECTS', direction: 'DESC' } })).nodes.map((node) => node.id)).toEqual([manyId, fewId]);
    expect((await ask({ orderBy: { field: 'PROJECTS', direction: 'ASC' } })).nodes.map((node) => node.id)).toEqual([fewId, manyId]);
    expect(await ask({ roleId: toGlobalId('CreditRole', 1) })).toMatchObject({ totalCount: 1, nodes: [{ id: fewId }] });
    const first = await ask({ first: 1, orderBy: { field: 'PROJECTS', direction: 'DESC' } });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await ask({ first: 1, after: first.pageInfo.endCursor, orderBy: { field: 'PROJECTS', direction: 'DESC' } });
    expect(second.nodes.map((node) => node.id)).toEqual([fewId]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });
});

describe('stages and decisions', () => {
  async function appliedTo(hiring: HiringTeam) {
    const job = await postJob(server, hiring);
    const application = dataOf(await apply(hiring.applicant, job)).applyToJob.application;
    return { job, application };
  }

  it('lets members move the internal stages and managers decide; tells the applicant of the decision only', async () => {
    const hiring = await hiringTeam(server);
    const { job, application } = await appliedTo(hiring);
    const move = (userId: number, status: string) => askAs(server, userId, SET_STATUS, { input: { applicationId: application.id, status } });
    dataOf(await move(hiring.member.id, 'SHORTLISTED'));
    dataOf(await move(hiring.member.id, 'INTERVIEWING'));
    expect((await table(hiring.applicant.id, job))!.job.viewerApplication!.status).toBe('NEW');
    expect(await notificationsOf(hiring.applicant)).toEqual([]);
    expect(errorOf(await move(hiring.member.id, 'HIRED'))).toEqual({ code: 'FORBIDDEN', message: JOB_MESSAGES.managersDecide });
    expect(errorOf(await move(hiring.proOnly.id, 'SHORTLISTED'))?.code).toBe('NOT_FOUND');
    expect(errorOf(await move(hiring.applicant.id, 'HIRED'))?.code).toBe('NOT_FOUND');
    dataOf(await move(hiring.manager.id, 'HIRED'));
    expect((await table(hiring.applicant.id, job))!.job.viewerApplication!.status).toBe('HIRED');
    expect(await notificationsOf(hiring.applicant)).toEqual(['job_application_hired']);
    expect(errorOf(await move(hiring.manager.id, 'DECLINED'))).toEqual({ code: 'UNPROCESSABLE', message: JOB_MESSAGES.applicationStatusChange });
    expect(errorOf(await askAs(server, hiring.applicant.id, WITHDRAW, { input: { applicationId: application.id } }))).toEqual({ code: 'UNPROCESSABLE', message: JOB_MESSAGES.cannotWithdraw });
  });

  it('invites a hire into one of the team’s projects', async () => {
    const hiring = await hiringTeam(server);
    const { application } = await appliedTo(hiring);
    const project = dataOf(await askAs<{ createProject: { project: { id: string; databaseId: number } } }>(server, hiring.manager.id, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id databaseId } } }', { input: { name: 'Spring film', ownerTeamId: hiring.teamId } })).createProject.project;
    dataOf(await askAs(server, hiring.manager.id, SET_STATUS, { input: { applicationId: application.id, status: 'HIRED', addToProjectId: project.id, projectRoleId: toGlobalId('CreditRole', 3) } }));
    const invited = await server.orm.em.fork().findOneOrFail(ProjectCollaborator, { project: project.databaseId, user: hiring.applicant.id });
    expect(invited.status).toBe('pending');
  });

  it('lets the applicant withdraw while the job is open', async () => {
    const hiring = await hiringTeam(server);
    const { application } = await appliedTo(hiring);
    expect(errorOf(await askAs(server, hiring.stranger.id, WITHDRAW, { input: { applicationId: application.id } }))?.code).toBe('NOT_FOUND');
    const withdrawn = dataOf(await askAs<{ withdrawJobApplication: { application: { status: string } } }>(server, hiring.applicant.id, WITHDRAW, { input: { applicationId: application.id } }));
    expect(withdrawn.withdrawJobApplication.application.status).toBe('WITHDRAWN');
  });

  it('tells every undecided applicant once when the job closes, by hand or past its deadline', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring, { deadline: '2099-06-01' });
    const declined = dataOf(await apply(hiring.stranger, job)).applyToJob.application;
    dataOf(await apply(hiring.applicant, job));
    dataOf(await askAs(server, hiring.manager.id, SET_STATUS, { input: { applicationId: declined.id, status: 'DECLINED' } }));
    expect(await notificationsOf(hiring.stranger)).toEqual(['job_application_declined']);
    dataOf(await askAs(server, hiring.manager.id, CLOSE, { input: { jobId: job.id } }));
    dataOf(await askAs(server, hiring.manager.id, CLOSE, { input: { jobId: job.id } }));
    await closeJobsPastDeadline(server.orm.em.fork(), new Date('2099-06-02T00:00:00Z'));
    expect(await notificationsOf(hiring.applicant)).toEqual(['job_closed']);
    expect(await notificationsOf(hiring.stranger)).toEqual(['job_application_declined']);

    const swept = await postJob(server, hiring, { deadline: '2099-07-01' });
    dataOf(await apply(hiring.proOnly, swept));
    await closeJobsPastDeadline(server.orm.em.fork(), new Date('2099-07-02T00:00:00Z'));
    await closeJobsPastDeadline(server.orm.em.fork(), new Date('2099-07-03T00:00:00Z'));
    expect(await notificationsOf(hiring.proOnly)).toEqual(['job_closed']);
  });

  it('sends JOB_APPLICATION_* to the managers’ webhooks and audits every change', async () => {
    const hiring = await hiringTeam(server);
    const created = dataOf(
      await askAs<{ createWebhook: { webhook: { databaseId: number } } }>(server, hiring.manager.id, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { databaseId } } }', {
        input: { url: `${receiver.origin}/jobs-${hiring.manager.id}`, events: ['JOB_APPLICATION_CREATED', 'JOB_APPLICATION_UPDATED', 'JOB_APPLICATION_WITHDRAWN'] },
      }),
    ).createWebhook.webhook;
    const { application } = await appliedTo(hiring);
    dataOf(await askAs(server, hiring.member.id, SET_STATUS, { input: { applicationId: application.id, status: 'SHORTLISTED' } }));
    dataOf(await askAs(server, hiring.applicant.id, WITHDRAW, { input: { applicationId: application.id } }));
    const rows = await queryRows<{ event: string }>(database.url, `select data->>'event' as event from pgboss.job where name = 'webhook-delivery' and (data->>'webhookId')::int = $1 order by created_on`, [created.databaseId]);
    expect(rows.map((row) => row.event).sort()).toEqual(['JOB_APPLICATION_CREATED', 'JOB_APPLICATION_UPDATED', 'JOB_APPLICATION_WITHDRAWN']);
    const audit = await queryRows<{ action: string }>(database.url, `select action from audit_logs where target = 'job_applications' and target_id = $1 order by id`, [String(application.databaseId)]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'update']);
  });
});

describe('moving an applicant to the team’s creator board', () => {
  const ADD_TO_BOARD = `mutation($input: AddJobApplicantToTeamBoardInput!) {
    addJobApplicantToTeamBoard(input: $input) { alreadyOnBoard application { id } teamCreator { id user { id } stage { id name } } }
  }`;
  type Added = { addJobApplicantToTeamBoard: { alreadyOnBoard: boolean; teamCreator: { id: string; user: { id: string }; stage: { id: string; name: string } } } };
  /** The board's columns, made as a team makes them (the test factory makes teams without any). */
  const stagesOf = async (userId: number, teamId: string) => {
    const stages: Array<{ id: string; name: string }> = [];
    for (const name of ['Sourced', 'Contacted']) {
      const created = await askAs<{ createTeamStage: { stage: { id: string; name: string } } }>(server, userId, 'mutation($input: CreateTeamStageInput!) { createTeamStage(input: $input) { stage { id name } } }', { input: { teamId, name } });
      stages.push(dataOf(created).createTeamStage.stage);
    }
    return stages;
  };

  it('puts the applicant in a stage of the team’s board once; asking again leaves them where they are', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const application = dataOf(await apply(hiring.applicant, job)).applyToJob.application;
    const [sourced, contacted] = await stagesOf(hiring.manager.id, hiring.teamId);
    const first = dataOf(await askAs<Added>(server, hiring.member.id, ADD_TO_BOARD, { input: { applicationId: application.id, stageId: contacted!.id } })).addJobApplicantToTeamBoard;
    expect(first).toMatchObject({ alreadyOnBoard: false, teamCreator: { user: { id: toGlobalId('User', hiring.applicant.id) }, stage: { id: contacted!.id, name: 'Contacted' } } });
    const again = dataOf(await askAs<Added>(server, hiring.manager.id, ADD_TO_BOARD, { input: { applicationId: application.id, stageId: sourced!.id } })).addJobApplicantToTeamBoard;
    expect(again).toMatchObject({ alreadyOnBoard: true, teamCreator: { id: first.teamCreator.id, stage: { name: 'Contacted' } } });
    const cards = await queryRows<{ n: string }>(database.url, `select count(*) as n from team_stage_creators where user_id = $1`, [hiring.applicant.id]);
    expect(Number(cards[0]!.n)).toBe(1);
  });

  it('refuses the applicant, outsiders, pro_only seats and another team’s stage', async () => {
    const hiring = await hiringTeam(server);
    const other = await hiringTeam(server);
    const job = await postJob(server, hiring);
    const application = dataOf(await apply(hiring.applicant, job)).applyToJob.application;
    const [sourced] = await stagesOf(hiring.manager.id, hiring.teamId);
    for (const outsider of [hiring.applicant, hiring.stranger, hiring.proOnly]) {
      expect(errorOf(await askAs(server, outsider.id, ADD_TO_BOARD, { input: { applicationId: application.id, stageId: sourced!.id } }))?.code).toBe('NOT_FOUND');
    }
    const [elsewhere] = await stagesOf(other.manager.id, other.teamId);
    expect(errorOf(await askAs(server, hiring.manager.id, ADD_TO_BOARD, { input: { applicationId: application.id, stageId: elsewhere!.id } }))?.code).toBe('NOT_FOUND');
    expect(errorOf(await askAs(server, null, ADD_TO_BOARD, { input: { applicationId: application.id, stageId: sourced!.id } }))?.code).toBe('UNAUTHENTICATED');
    const cards = await queryRows<{ n: string }>(database.url, `select count(*) as n from team_stage_creators where user_id = $1`, [hiring.applicant.id]);
    expect(Number(cards[0]!.n)).toBe(0);
  });
});
