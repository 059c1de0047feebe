import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../domain/messages.js';
import { JOB_MESSAGES } from '../../../../domain/jobs.js';
import { TEAM_MESSAGES } from '../teams/index.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { useTestServer } from '../../test-support/test-server.js';
import { AuditLog } from '../audit/index.js';
import { User } from '../users/index.js';
import { Job } from './job.entity.js';
import { closeJobsPastDeadline } from './job.service.js';
import { askAs, CREATE_JOB, dataOf, errorOf, hiringTeam, jobInput, postJob } from './jobs.test-support.js';

const env = useTestServer();

const BY_ADDRESS = `query($publicId: String!, $slug: String) { jobByAddress(publicId: $publicId, slug: $slug) { canonicalPath slugIsCurrent job { id name status team { id } viewerCan { edit seeApplications apply } } } }`;
const UPDATE = 'mutation($input: UpdateJobInput!) { updateJob(input: $input) { job { id name slug path status closedAt } } }';
const CLOSE = 'mutation($input: CloseJobInput!) { closeJob(input: $input) { job { id status closedAt } } }';
const JOBS = `query($roleIds: [ID!], $near: String, $radiusKm: Int, $remote: Boolean, $postedWithinDays: Int, $first: Int, $after: String) {
  jobs(first: $first, after: $after, roleIds: $roleIds, near: $near, radiusKm: $radiusKm, remote: $remote, postedWithinDays: $postedWithinDays) { pageInfo { hasNextPage endCursor } nodes { id name } } }`;

type Address = { jobByAddress: { canonicalPath: string; slugIsCurrent: boolean; job: { id: string; status: string; team: { id: string } | null; viewerCan: { edit: boolean; seeApplications: boolean; apply: boolean } } } | null };

describe('posting a job', () => {
  it('lets the team’s managers post as one of its companies, and nobody else', async () => {
    const hiring = await hiringTeam(env.server);
    const job = await postJob(env.server, hiring);
    expect(job).toMatchObject({ name: 'Video Editor', status: 'OPEN' });
    expect(job.slug).toBe(`${hiring.company.username!.replace('_', '-')}-video-editor`);
    expect(job.path).toBe(`/jobs/${job.publicId}~${job.slug}`);
    const input = jobInput(hiring);
    expect(errorOf(await askAs(env.server, hiring.member.id, CREATE_JOB, { input }))).toEqual({ code: 'FORBIDDEN', message: TEAM_MESSAGES.managersOnly });
    for (const outsider of [hiring.proOnly, hiring.stranger, hiring.applicant]) {
      expect(errorOf(await askAs(env.server, outsider.id, CREATE_JOB, { input }))).toEqual({ code: 'NOT_FOUND', message: TEAM_MESSAGES.teamNotFound });
    }
    expect(errorOf(await askAs(env.server, null, CREATE_JOB, { input }))?.code).toBe('UNAUTHENTICATED');
    // Admins set teams up for customers.
    expect(errorOf(await askAs(env.server, hiring.admin.id, CREATE_JOB, { input }))).toBeUndefined();
    const audited = await env.server.orm.em.fork().find(AuditLog, { target: 'jobs', targetId: String(job.databaseId) });
    expect(audited.map((row) => row.action)).toEqual(['create']);
  });

  it('publishes only as a Company user who manages the team', async () => {
    const hiring = await hiringTeam(env.server);
    for (const account of [hiring.manager, hiring.stranger]) {
      const answer = await askAs(env.server, hiring.manager.id, CREATE_JOB, { input: jobInput(hiring, { accountId: toGlobalId('User', account.id) }) });
      expect(errorOf(answer)).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.accountNotCompany });
    }
  });

  it('runs the Teams upgrade check where billing is configured', async () => {
    const hiring = await hiringTeam(env.server, { paid: false });
    const answer = await askAs(env.server, hiring.manager.id, CREATE_JOB, { input: jobInput(hiring) });
    expect(errorOf(answer)).toEqual({ code: 'FORBIDDEN', message: MESSAGES.letsWorkTogether });
    expect(answer.body.errors?.[0]?.extensions?.details).toMatchObject({ upgrade: 'TEAMS' });
  });

  it('checks the fields: a place or remote, pay or unpaid, a deadline still to come', async () => {
    const hiring = await hiringTeam(env.server);
    const refusal = async (overrides: Record<string, unknown>) => errorOf(await askAs(env.server, hiring.manager.id, CREATE_JOB, { input: jobInput(hiring, overrides) }));
    expect(await refusal({ place: null })).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.placeOrRemote });
    expect(await refusal({ pay: null })).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.payOrUnpaid });
    expect(await refusal({ pay: { min: 5, max: 1, currency: 'EUR' } })).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.payOrder });
    expect(await refusal({ deadline: '2001-01-01' })).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.deadlinePast });
    expect(await refusal({ roleIds: [] })).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.rolesRequired });
    const remoteUnpaid = await postJob(env.server, hiring, { place: null, isRemote: true, pay: null, isUnpaid: true });
    expect(remoteUnpaid.status).toBe('OPEN');
  });
});

describe('seeing, editing and closing a job', () => {
  it('shows drafts to the team only, open jobs to everyone, signed out included', async () => {
    const hiring = await hiringTeam(env.server);
    const draft = await postJob(env.server, hiring, { status: null });
    expect(draft.status).toBe('DRAFT');
    const ask = (userId: number | null, publicId: string) => askAs<Address>(env.server, userId, BY_ADDRESS, { publicId, slug: null });
    for (const outsider of [null, hiring.stranger.id, hiring.proOnly.id, hiring.applicant.id]) expect(dataOf(await ask(outsider, draft.publicId)).jobByAddress).toBeNull();
    const asMember = dataOf(await ask(hiring.member.id, draft.publicId)).jobByAddress!;
    expect(asMember.job.viewerCan).toEqual({ edit: false, seeApplications: true, apply: false });
    expect(asMember.job.team).not.toBeNull();
    expect(dataOf(await ask(hiring.admin.id, draft.publicId)).jobByAddress!.job.viewerCan).toEqual({ edit: true, seeApplications: true, apply: false });

    const open = await postJob(env.server, hiring);
    const asVisitor = dataOf(await ask(null, open.publicId)).jobByAddress!;
    expect(asVisitor.job).toMatchObject({ status: 'OPEN', team: null, viewerCan: { edit: false, seeApplications: false, apply: false } });
    expect(dataOf(await ask(hiring.applicant.id, open.publicId)).jobByAddress!.job.viewerCan).toEqual({ edit: false, seeApplications: false, apply: true });
    expect(dataOf(await ask(hiring.proOnly.id, open.publicId)).jobByAddress!.job.viewerCan).toEqual({ edit: false, seeApplications: false, apply: true });
    expect(dataOf(await ask(hiring.manager.id, open.publicId)).jobByAddress!.job.viewerCan).toEqual({ edit: true, seeApplications: true, apply: false });
  });

  it('answers node(id:) and Team.jobs as the job page does: drafts for the team only', async () => {
    const hiring = await hiringTeam(env.server);
    const draft = await postJob(env.server, hiring, { status: null });
    const open = await postJob(env.server, hiring);
    const node = 'query($id: ID!) { node(id: $id) { id } }';
    for (const outsider of [null, hiring.stranger.id, hiring.proOnly.id]) expect(dataOf(await askAs<{ node: unknown }>(env.server, outsider, node, { id: draft.id })).node).toBeNull();
    expect(dataOf(await askAs<{ node: unknown }>(env.server, hiring.member.id, node, { id: draft.id })).node).toEqual({ id: draft.id });
    expect(dataOf(await askAs<{ node: unknown }>(env.server, null, node, { id: open.id })).node).toEqual({ id: open.id });
    const teamJobs = 'query($id: ID!) { node(id: $id) { ... on Team { jobs(first: 10) { nodes { id status } } } } }';
    const listed = dataOf(await askAs<{ node: { jobs: { nodes: Array<{ id: string; status: string }> } } }>(env.server, hiring.member.id, teamJobs, { id: hiring.teamId })).node.jobs.nodes;
    expect(listed).toEqual([{ id: open.id, status: 'OPEN' }, { id: draft.id, status: 'DRAFT' }]);
  });

  it('gives the 301 data: any slug finds the job, and the current address follows a new title', async () => {
    const hiring = await hiringTeam(env.server);
    const job = await postJob(env.server, hiring);
    const ask = (slug: string | null) => askAs<Address>(env.server, null, BY_ADDRESS, { publicId: job.publicId, slug });
    expect(dataOf(await ask(job.slug)).jobByAddress).toMatchObject({ canonicalPath: job.path, slugIsCurrent: true });
    expect(dataOf(await ask('old-slug')).jobByAddress).toMatchObject({ canonicalPath: job.path, slugIsCurrent: false });
    expect(dataOf(await ask(null)).jobByAddress).toMatchObject({ canonicalPath: job.path, slugIsCurrent: false });
    const renamed = dataOf(await askAs<{ updateJob: { job: { slug: string; path: string } } }>(env.server, hiring.manager.id, UPDATE, { input: { jobId: job.id, name: 'Senior Editor' } })).updateJob.job;
    expect(renamed.slug.endsWith('-senior-editor')).toBe(true);
    expect(dataOf(await ask(job.slug)).jobByAddress).toMatchObject({ canonicalPath: renamed.path, slugIsCurrent: false });
    expect(dataOf(await askAs<Address>(env.server, null, BY_ADDRESS, { publicId: 'abcdefghij', slug: null })).jobByAddress).toBeNull();
    expect(dataOf(await askAs<Address>(env.server, null, BY_ADDRESS, { publicId: 'not-an-id', slug: null })).jobByAddress).toBeNull();
  });

  it('lets managers (and admins) edit and close; members, pro_only seats and others may not', async () => {
    const hiring = await hiringTeam(env.server);
    const job = await postJob(env.server, hiring);
    const rename = { input: { jobId: job.id, name: 'Colourist' } };
    expect(errorOf(await askAs(env.server, hiring.member.id, UPDATE, rename))?.code).toBe('FORBIDDEN');
    expect(errorOf(await askAs(env.server, hiring.member.id, CLOSE, { input: { jobId: job.id } }))?.code).toBe('FORBIDDEN');
    for (const outsider of [hiring.proOnly, hiring.stranger, hiring.applicant]) {
      expect(errorOf(await askAs(env.server, outsider.id, UPDATE, rename))?.code).toBe('FORBIDDEN');
      expect(errorOf(await askAs(env.server, outsider.id, CLOSE, { input: { jobId: job.id } }))?.code).toBe('FORBIDDEN');
    }
    dataOf(await askAs(env.server, hiring.admin.id, UPDATE, rename));
    const closed = dataOf(await askAs<{ closeJob: { job: { status: string; closedAt: string | null } } }>(env.server, hiring.manager.id, CLOSE, { input: { jobId: job.id } })).closeJob.job;
    expect(closed.status).toBe('CLOSED');
    expect(closed.closedAt).not.toBeNull();
    // Closed is final.
    expect(errorOf(await askAs(env.server, hiring.manager.id, UPDATE, { input: { jobId: job.id, status: 'OPEN' } }))).toEqual({ code: 'BAD_USER_INPUT', message: JOB_MESSAGES.statusChange });
    // A closed job's page still opens, and says so.
    expect(dataOf(await askAs<Address>(env.server, null, BY_ADDRESS, { publicId: job.publicId, slug: null })).jobByAddress!.job.status).toBe('CLOSED');
  });

  it('closes open jobs once their deadline’s day is over', async () => {
    const hiring = await hiringTeam(env.server);
    const job = await postJob(env.server, hiring, { deadline: '2099-01-01' });
    const em = env.server.orm.em.fork();
    expect(await closeJobsPastDeadline(em, new Date('2099-01-01T23:59:00Z'))).toBe(0);
    expect(await closeJobsPastDeadline(em, new Date('2099-01-02T00:00:01Z'))).toBeGreaterThanOrEqual(1);
    expect((await env.server.orm.em.fork().findOneOrFail(Job, job.databaseId)).status).toBe('closed');
  });
});

describe('finding jobs', () => {
  it('lists open jobs only, newest first, by role, place, remote and age, page by page', async () => {
    const hiring = await hiringTeam(env.server);
    const roleMarker = toGlobalId('CreditRole', 9);
    const lisbon = await postJob(env.server, hiring, { name: 'Lisbon grip', roleIds: [roleMarker] });
    const remote = await postJob(env.server, hiring, { name: 'Remote grip', roleIds: [roleMarker], place: null, isRemote: true });
    const porto = await postJob(env.server, hiring, { name: 'Porto grip', roleIds: [roleMarker], place: { name: 'Porto, Portugal', geohash: 'ez3f5r' } });
    await postJob(env.server, hiring, { name: 'Draft grip', roleIds: [roleMarker], status: null });
    const closed = await postJob(env.server, hiring, { name: 'Closed grip', roleIds: [roleMarker] });
    dataOf(await askAs(env.server, hiring.manager.id, CLOSE, { input: { jobId: closed.id } }));

    const names = async (variables: Record<string, unknown>) => dataOf(await askAs<{ jobs: { nodes: Array<{ name: string }> } }>(env.server, null, JOBS, { roleIds: [roleMarker], ...variables })).jobs.nodes.map((node) => node.name);
    expect(await names({})).toEqual(['Porto grip', 'Remote grip', 'Lisbon grip']);
    expect(await names({ remote: true })).toEqual(['Remote grip']);
    expect(await names({ near: 'eycs0p', radiusKm: 50 })).toEqual(['Lisbon grip']);
    expect(await names({ near: 'eycs0p', radiusKm: 400 })).toEqual(['Porto grip', 'Lisbon grip']);
    expect(await names({ postedWithinDays: 1 })).toHaveLength(3);
    const first = dataOf(await askAs<{ jobs: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ id: string }> } }>(env.server, null, JOBS, { roleIds: [roleMarker], first: 2 })).jobs;
    expect(first.nodes.map((node) => node.id)).toEqual([porto.id, remote.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = dataOf(await askAs<{ jobs: { pageInfo: { hasNextPage: boolean }; nodes: Array<{ id: string }> } }>(env.server, null, JOBS, { roleIds: [roleMarker], first: 2, after: first.pageInfo.endCursor })).jobs;
    expect(second.nodes.map((node) => node.id)).toEqual([lisbon.id]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('lists a brand’s open jobs by its username', async () => {
    const hiring = await hiringTeam(env.server);
    const open = await postJob(env.server, hiring);
    await postJob(env.server, hiring, { status: null });
    const query = 'query($username: String!) { brandJobs(username: $username) { nodes { id account { username } } } }';
    const answer = dataOf(await askAs<{ brandJobs: { nodes: Array<{ id: string; account: { username: string } }> } }>(env.server, null, query, { username: hiring.company.username }));
    expect(answer.brandJobs.nodes).toEqual([{ id: open.id, account: { username: hiring.company.username } }]);
    expect(dataOf(await askAs<{ brandJobs: null }>(env.server, null, query, { username: 'nobody_here_at_all' })).brandJobs).toBeNull();
  });

  it('finds open jobs in the top search by title, role and brand, never drafts or closed ones', async () => {
    const hiring = await hiringTeam(env.server);
    const word = `zq${Date.now().toString(36)}`;
    const open = await postJob(env.server, hiring, { name: `Steadicam ${word}` });
    await postJob(env.server, hiring, { name: `Draft ${word}`, status: null });
    const closed = await postJob(env.server, hiring, { name: `Closed ${word}` });
    dataOf(await askAs(env.server, hiring.manager.id, CLOSE, { input: { jobId: closed.id } }));
    const search = async (text: string) =>
      dataOf(await askAs<{ topSearch: { jobs: Array<{ key: string; kind: string; label: string; subLabel: string; publicId: string; pageUrl: string }> } }>(env.server, null, 'query($text: String!) { topSearch(text: $text) { jobs { key kind label subLabel publicId pageUrl } } }', { text })).topSearch.jobs;
    expect(await search(word)).toEqual([{ key: `job:${open.databaseId}`, kind: 'JOB', label: `Steadicam ${word}`, subLabel: hiring.company.name, publicId: open.publicId, pageUrl: open.path }]);
    expect((await search(`${word} editor`)).map((hit) => hit.publicId)).toEqual([open.publicId]);
    expect((await search(`${hiring.company.username} ${word}`)).map((hit) => hit.publicId)).toEqual([open.publicId]);
    expect(await search(`${word} photographer`)).toEqual([]);
    // The company's name, its accents and case ignored.
    await env.server.orm.em.fork().nativeUpdate(User, { id: hiring.company.id }, { name: `Atelier Café ${word}` });
    expect((await search(`CAFE ${word}`)).map((hit) => hit.publicId)).toEqual([open.publicId]);
  });
});
