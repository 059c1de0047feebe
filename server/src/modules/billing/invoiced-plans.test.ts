import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { VISUAL_MATCH_MESSAGES } from '../../../../domain/visual-match.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';
import { Team } from '../teams/index.js';

/**
 * docs/product.md §Paid access through the API: one rule for every gate, open to everyone where
 * plans are open (no billing), and plans an admin gives and invoices outside Stripe, with an
 * expiry or the never-expires sentinel.
 */
const env = useTestServer();
const em = () => env.server.orm.em.fork();

const STANDING = '{ viewer { viewerCan { hasPaidAccess seeProPages } } billingStatus { plansOpen hasPro invoicedProUntil } }';
const VISUAL_MATCH = 'query($postId: ID!) { visualMatches(input: { postId: $postId }) { distance } }';
const ADD_STAGE = 'mutation($input: CreateTeamStageInput!) { createTeamStage(input: $input) { stage { name } } }';
const TEAM_VIEW = 'query($id: ID!) { team(id: $id) { isSubscriptionActive viewerCan { useTools } billing { plan isActive externalInvoiceExpiration } } }';
const GIVE_PRO = 'mutation($input: GiveInvoicedProInput!) { giveInvoicedPro(input: $input) { user { databaseId } } }';
const GIVE_TEAM_PLAN = 'mutation($input: GiveInvoicedTeamPlanInput!) { giveInvoicedTeamPlan(input: $input) { team { databaseId } } }';

interface Standing {
  viewer: { viewerCan: { hasPaidAccess: boolean; seeProPages: boolean } };
  billingStatus: { plansOpen: boolean; hasPro: boolean; invoicedProUntil: string | null };
}

const as = (userId: number) => ({ token: env.server.tokenFor(userId) });
const codeOf = (answer: GraphQLResponse) => answer.body.errors?.[0]?.extensions?.code;

async function standingOf(userId: number): Promise<Standing> {
  const answer = await graphql<Standing>(env.server, STANDING, as(userId));
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!;
}

/** Runs `check` with plans open (no billing here), then enforced again. */
async function withPlansOpen(check: () => Promise<void>): Promise<void> {
  env.server.config.paidPlans = 'open';
  try {
    await check();
  } finally {
    env.server.config.paidPlans = 'enforced';
  }
}

describe('one rule for paid access', () => {
  it('closes the PRO gates to a free account while plans are enforced, and opens them all where plans are open', async () => {
    const person = await createUser(em());
    const postId = toGlobalId('Post', 1);
    expect(await standingOf(person.id)).toEqual({ viewer: { viewerCan: { hasPaidAccess: false, seeProPages: false } }, billingStatus: { plansOpen: false, hasPro: false, invoicedProUntil: null } });
    const refused = await graphql(env.server, VISUAL_MATCH, { ...as(person.id), variables: { postId } });
    expect(refused.body.errors?.[0]?.message).toBe(VISUAL_MATCH_MESSAGES.upgrade);

    await withPlansOpen(async () => {
      expect(await standingOf(person.id)).toEqual({ viewer: { viewerCan: { hasPaidAccess: true, seeProPages: true } }, billingStatus: { plansOpen: true, hasPro: true, invoicedProUntil: null } });
      // Past the upgrade check: the only complaint left is about the post asked for.
      const allowed = await graphql(env.server, VISUAL_MATCH, { ...as(person.id), variables: { postId } });
      expect(allowed.body.errors?.[0]?.message).not.toBe(VISUAL_MATCH_MESSAGES.upgrade);
    });
  });

  it('opens an unpaid team’s tools where plans are open, and only there', async () => {
    const manager = await createUser(em());
    const team = await createTeam(em(), [{ user: manager, role: 'manager' }]);
    const teamId = toGlobalId('Team', team.id);
    const stage = (name: string) => graphql(env.server, ADD_STAGE, { ...as(manager.id), variables: { input: { teamId, name } } });

    const refused = await stage('Shortlist');
    expect(refused.body.errors?.[0]).toMatchObject({ message: MESSAGES.letsWorkTogether, extensions: { code: 'FORBIDDEN' } });
    const closed = await graphql<{ team: { viewerCan: { useTools: boolean } } }>(env.server, TEAM_VIEW, { ...as(manager.id), variables: { id: teamId } });
    expect(closed.body.data?.team.viewerCan.useTools).toBe(false);

    await withPlansOpen(async () => {
      expect((await stage('Shortlist')).body.errors).toBeUndefined();
      const open = await graphql<{ team: { isSubscriptionActive: boolean; viewerCan: { useTools: boolean } } }>(env.server, TEAM_VIEW, { ...as(manager.id), variables: { id: teamId } });
      // Nobody paid: the subscription is still not active, but the tools are open.
      expect(open.body.data?.team).toMatchObject({ isSubscriptionActive: false, viewerCan: { useTools: true } });
    });
  });
});

describe('plans an admin gives, invoiced outside Stripe', () => {
  it('gives a person PRO until an expiry, and ends it with an expiry in the past', async () => {
    const admin = await createUser(em(), { roleFlags: [RoleFlag.admin] });
    const person = await createUser(em());
    const until = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const given = await graphql(env.server, GIVE_PRO, { ...as(admin.id), variables: { input: { userId: toGlobalId('User', person.id), expiresAt: until.toISOString() } } });
    expect(given.body.errors).toBeUndefined();
    expect(await standingOf(person.id)).toEqual({
      viewer: { viewerCan: { hasPaidAccess: true, seeProPages: true } },
      billingStatus: { plansOpen: false, hasPro: true, invoicedProUntil: until.toISOString() },
    });

    const listed = await graphql<{ adminUsers: { nodes: Array<{ invoicedProUntil: string | null }> } }>(env.server, 'query($search: String) { adminUsers(search: $search, first: 1) { nodes { invoicedProUntil } } }', {
      ...as(admin.id),
      variables: { search: person.email },
    });
    expect(listed.body.data?.adminUsers.nodes).toEqual([{ invoicedProUntil: until.toISOString() }]);

    const ended = await graphql(env.server, GIVE_PRO, { ...as(admin.id), variables: { input: { userId: toGlobalId('User', person.id), expiresAt: new Date(Date.now() - 1000).toISOString() } } });
    expect(ended.body.errors).toBeUndefined();
    expect((await standingOf(person.id)).billingStatus).toEqual({ plansOpen: false, hasPro: false, invoicedProUntil: null });
  });

  it('gives PRO that never expires when no expiry is given (2500-12-31)', async () => {
    const admin = await createUser(em(), { roleFlags: [RoleFlag.admin] });
    const person = await createUser(em());
    await graphql(env.server, GIVE_PRO, { ...as(admin.id), variables: { input: { userId: toGlobalId('User', person.id) } } });
    expect((await standingOf(person.id)).billingStatus.invoicedProUntil).toBe('2500-12-31T00:00:00.000Z');
  });

  it('gives a team a plan with an expiry or the sentinel, which opens its tools and seats', async () => {
    const admin = await createUser(em(), { roleFlags: [RoleFlag.admin] });
    const manager = await createUser(em());
    const team = await createTeam(em(), [{ user: manager, role: 'manager' }]);
    const teamId = toGlobalId('Team', team.id);
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000);

    const given = await graphql(env.server, GIVE_TEAM_PLAN, { ...as(admin.id), variables: { input: { teamId, plan: 'STARTER', expiresAt: until.toISOString() } } });
    expect(given.body.errors).toBeUndefined();
    const viewed = await graphql<{ team: unknown }>(env.server, TEAM_VIEW, { ...as(manager.id), variables: { id: teamId } });
    expect(viewed.body.data?.team).toEqual({ isSubscriptionActive: true, viewerCan: { useTools: true }, billing: { plan: 'STARTER', isActive: true, externalInvoiceExpiration: until.toISOString() } });
    const stage = await graphql(env.server, ADD_STAGE, { ...as(manager.id), variables: { input: { teamId, name: 'Contacted' } } });
    expect(stage.body.errors).toBeUndefined();

    await graphql(env.server, GIVE_TEAM_PLAN, { ...as(admin.id), variables: { input: { teamId, plan: 'TEAMS' } } });
    const forever = await graphql<{ team: { billing: { plan: string; externalInvoiceExpiration: string } } }>(env.server, TEAM_VIEW, { ...as(manager.id), variables: { id: teamId } });
    expect(forever.body.data?.team.billing).toMatchObject({ plan: 'TEAMS', isActive: true, externalInvoiceExpiration: '2500-12-31T00:00:00.000Z' });
  });

  it('answers anyone but an admin "not found" and changes nothing', async () => {
    const person = await createUser(em());
    const manager = await createUser(em());
    const team = await createTeam(em(), [{ user: manager, role: 'manager' }]);
    expect(codeOf(await graphql(env.server, GIVE_PRO, { ...as(person.id), variables: { input: { userId: toGlobalId('User', person.id) } } }))).toBe('NOT_FOUND');
    expect(codeOf(await graphql(env.server, GIVE_TEAM_PLAN, { ...as(manager.id), variables: { input: { teamId: toGlobalId('Team', team.id), plan: 'TEAMS' } } }))).toBe('NOT_FOUND');
    expect(codeOf(await graphql(env.server, GIVE_PRO, { variables: { input: { userId: toGlobalId('User', person.id) } } }))).toBe('NOT_FOUND');
    expect((await standingOf(person.id)).billingStatus.hasPro).toBe(false);
    const row = await em().findOneOrFail(Team, team.id);
    expect(row).toMatchObject({ plan: null, externalInvoiceExpiration: null });
  });
});
