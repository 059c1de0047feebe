import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import type { AppConfig } from '../../config.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { graphql as executeGraphQL } from 'graphql';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import type { Viewer } from '../users/index.js';
import { User } from '../users/index.js';
import { StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

const PRICES = { pro: 'price_pro', teams: 'price_teams', starter: 'price_starter', seat: 'price_seat' };
const stripe = new StripeStandIn('whsec_checkout_test');
const overrides: Partial<AppConfig> = {};
beforeAll(async () => {
  await stripe.start();
  Object.assign(overrides, { stripeSecretKey: 'sk_test_byline', stripeWebhookSecret: stripe.webhookSecret, stripeApiBase: stripe.url, stripePrices: PRICES });
});
const env = useTestServer(overrides);
beforeAll(() => {
  stripe.webhookUrl = `${env.server.url}/api/stripe/webhook`;
});
afterAll(() => stripe.stop());

const CHECKOUT = 'mutation ($input: StartCheckoutInput!) { startCheckout(input: $input) { url } }';
const SEATS = 'mutation ($input: ChangeTeamSeatsInput!) { changeTeamSeats(input: $input) { subscription { seats plan } team { billing { seats baseSeats } } } }';
const TEAM_BILLING = `query ($id: ID!) { team(id: $id) { billing {
  plan status subscriptionStatus isActive baseSeats seats renewsAt expiresAt externalInvoiceExpiration
  subscription { plan status seats cancelAtPeriodEnd currentPeriodEnd }
  invoices(first: 10) { nodes { id number status amountDue amountPaid currency hostedInvoiceUrl } pageInfo { hasNextPage } }
} } }`;

function sessionIdOf(url: string): string {
  return url.split('/').at(-1)!;
}

async function teamWithManager(): Promise<{ managerId: number; memberId: number; teamId: number; globalId: string }> {
  const em = env.server.orm.em.fork();
  const [manager, member] = [await createUser(em), await createUser(em)];
  const team = await createTeam(em, [
    { user: manager, role: 'manager' },
    { user: member, role: 'member' },
  ]);
  return { managerId: manager.id, memberId: member.id, teamId: team.id, globalId: toGlobalId('Team', team.id) };
}

describe('startCheckout', () => {
  it('needs a signed-in person', async () => {
    const answer = await graphql(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo: '/plans' } } });
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('opens Checkout for PRO with the viewer’s customer, and the paid session makes them PRO', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const answer = await graphql<{ startCheckout: { url: string } }>(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo: '/creators?role=Director~1' } }, token: env.server.tokenFor(user.id) });
    const url = answer.body.data!.startCheckout.url;
    expect(url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
    const session = stripe.sessions.get(sessionIdOf(url))!;
    expect(session).toMatchObject({
      mode: 'subscription',
      success_url: `${env.server.config.publicUrl}/api/stripe/checkout/return?session_id={CHECKOUT_SESSION_ID}&returnTo=${encodeURIComponent('/creators?role=Director~1')}`,
      cancel_url: `${env.server.config.publicUrl}/creators?role=Director~1`,
      lineItems: [{ price: PRICES.pro, quantity: 1 }],
      subscriptionMetadata: { bylinePlan: 'pro', bylineUserId: String(user.id) },
    });
    expect(stripe.customers.get(session.customer)).toBeTruthy();

    const { deliveries } = await stripe.completeCheckout(session.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    const status = await graphql(env.server, '{ billingStatus { configured hasPro isTrialOnly proSubscription { plan status seats } } }', { token: env.server.tokenFor(user.id) });
    expect(status.body.data).toEqual({ billingStatus: { configured: true, hasPro: true, isTrialOnly: false, proSubscription: { plan: 'PRO', status: 'ACTIVE', seats: 1 } } });

    const again = await graphql(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo: '/plans' } }, token: env.server.tokenFor(user.id) });
    expect(again.body.errors?.[0]).toMatchObject({ message: 'You already have PRO.', extensions: { code: 'CONFLICT' } });
  });

  it('tells a trial-only person (every subscription trialing and started within 14 days) apart', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const trial = stripe.createSubscription({ customer: stripe.nextId('cus'), prices: [{ price: PRICES.pro, quantity: 1 }], metadata: { bylinePlan: 'pro', bylineUserId: String(user.id) } });
    trial.status = 'trialing';
    trial.trial_end = Math.floor(Date.now() / 1000) + 14 * 24 * 3600;
    await stripe.send('customer.subscription.created', trial);
    const query = '{ billingStatus { hasPro isTrialOnly proSubscription { status trialEnd } } }';
    const during = await graphql(env.server, query, { token: env.server.tokenFor(user.id) });
    expect(during.body.data).toEqual({ billingStatus: { hasPro: true, isTrialOnly: true, proSubscription: { status: 'TRIALING', trialEnd: new Date(trial.trial_end * 1000).toISOString() } } });

    // A trial started 15 days ago no longer makes a trial-only person.
    trial.created -= 15 * 24 * 3600;
    await stripe.send('customer.subscription.updated', trial);
    expect((await graphql(env.server, query, { token: env.server.tokenFor(user.id) })).body.data).toMatchObject({ billingStatus: { isTrialOnly: false } });
  });

  it('stores the purchase when the browser comes back from Checkout, before Stripe’s webhook arrives', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const answer = await graphql<{ startCheckout: { url: string } }>(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo: '/plans?tab=pro' } }, token: env.server.tokenFor(user.id) });
    const { session, subscription } = await stripe.completeCheckout(sessionIdOf(answer.body.data!.startCheckout.url), { sendEvents: false });
    const back = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id).replace(env.server.config.publicUrl, env.server.url);
    const response = await fetch(back, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/plans?tab=pro');
    const [row] = await queryRows<{ role_flags: number[] }>(env.database.url, 'select role_flags from users where id = $1', [user.id]);
    expect(row!.role_flags).toContain(RoleFlag.pro);

    // The late webhook changes nothing; a made-up session or another site as returnTo goes home.
    expect((await stripe.send('customer.subscription.created', subscription)).status).toBe(200);
    const stray = await fetch(`${env.server.url}/api/stripe/checkout/return?session_id=cs_unknown&returnTo=${encodeURIComponent('//evil.test')}`, { redirect: 'manual' });
    expect([stray.status, stray.headers.get('location')]).toEqual([303, '/']);
    const bad = await fetch(`${env.server.url}/api/stripe/checkout/return?session_id=nope`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
  });

  it('only returns to a page of this site', async () => {
    const user = await createUser(env.server.orm.em.fork());
    for (const returnTo of ['https://evil.test/', '//evil.test/x', 'plans']) {
      const answer = await graphql(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo } }, token: env.server.tokenFor(user.id) });
      expect(answer.body.errors?.[0]).toMatchObject({ message: MESSAGES.returnPathInvalid, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('starts a team plan only for a manager of that team, and never twice', async () => {
    const { managerId, memberId, teamId, globalId } = await teamWithManager();
    const input = { plan: 'TEAMS', teamId: globalId, returnTo: `/teams/${teamId}/billing` };
    const byMember = await graphql(env.server, CHECKOUT, { variables: { input }, token: env.server.tokenFor(memberId) });
    expect(byMember.body.errors?.[0]).toMatchObject({ message: 'Only the team’s managers can manage its billing.', extensions: { code: 'FORBIDDEN' } });
    const outsider = await createUser(env.server.orm.em.fork());
    expect((await graphql(env.server, CHECKOUT, { variables: { input }, token: env.server.tokenFor(outsider.id) })).body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const noTeam = await graphql(env.server, CHECKOUT, { variables: { input: { plan: 'STARTER', returnTo: '/plans' } }, token: env.server.tokenFor(managerId) });
    expect(noTeam.body.errors?.[0]).toMatchObject({ message: 'Choose the team this plan is for.', extensions: { code: 'BAD_USER_INPUT' } });

    const answer = await graphql<{ startCheckout: { url: string } }>(env.server, CHECKOUT, { variables: { input }, token: env.server.tokenFor(managerId) });
    const session = stripe.sessions.get(sessionIdOf(answer.body.data!.startCheckout.url))!;
    expect(session.subscriptionMetadata).toEqual({ bylinePlan: 'teams', bylineUserId: String(managerId), bylineTeamId: String(teamId) });
    expect(session.lineItems).toEqual([{ price: PRICES.teams, quantity: 1 }]);
    await stripe.completeCheckout(session.id);

    const twice = await graphql(env.server, CHECKOUT, { variables: { input }, token: env.server.tokenFor(managerId) });
    expect(twice.body.errors?.[0]).toMatchObject({ message: 'This team already has a subscription: change its seats or open the billing portal.', extensions: { code: 'CONFLICT' } });
  });
});

describe('team billing', () => {
  const log = useQueryLog(env);

  it('shows plan, seats, status, renewal and invoices to managers only, and changes seats', async () => {
    const { managerId, memberId, teamId, globalId } = await teamWithManager();
    const started = await graphql<{ startCheckout: { url: string } }>(env.server, CHECKOUT, {
      variables: { input: { plan: 'STARTER', teamId: globalId, returnTo: `/teams/${teamId}/billing` } },
      token: env.server.tokenFor(managerId),
    });
    const { subscription } = await stripe.completeCheckout(sessionIdOf(started.body.data!.startCheckout.url));

    const seen = await graphql<{ team: { billing: Record<string, unknown> & { invoices: { nodes: Array<Record<string, unknown>> } } } }>(env.server, TEAM_BILLING, { variables: { id: globalId }, token: env.server.tokenFor(managerId) });
    const billing = seen.body.data!.team.billing;
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(billing).toMatchObject({ plan: 'STARTER', status: 'ACTIVE', subscriptionStatus: 'ACTIVE', isActive: true, baseSeats: 3, seats: 3, renewsAt: periodEnd, expiresAt: null, externalInvoiceExpiration: null });
    expect(billing.invoices.nodes).toEqual([expect.objectContaining({ status: 'PAID', amountDue: 1200, amountPaid: 1200, currency: 'usd' })]);
    expect((await graphql(env.server, TEAM_BILLING, { variables: { id: globalId }, token: env.server.tokenFor(memberId) })).body.data).toEqual({ team: { billing: null } });
    // Members of a paid team have PRO through it (docs/product.md §Paid access), as the menu's Upgrade item knows.
    const memberStatus = await graphql(env.server, '{ billingStatus { hasPro proSubscription { plan } } }', { token: env.server.tokenFor(memberId) });
    expect(memberStatus.body.data).toEqual({ billingStatus: { hasPro: true, proSubscription: null } });

    // An invoice is a node its team's managers can fetch again; members cannot.
    const invoiceId = billing.invoices.nodes[0]!['id'] as string;
    const node = 'query ($id: ID!) { node(id: $id) { ... on Invoice { status } } }';
    expect((await graphql(env.server, node, { variables: { id: invoiceId }, token: env.server.tokenFor(managerId) })).body.data).toEqual({ node: { status: 'PAID' } });
    expect((await graphql(env.server, node, { variables: { id: invoiceId }, token: env.server.tokenFor(memberId) })).body.data).toEqual({ node: null });

    const tooFew = await graphql(env.server, SEATS, { variables: { input: { teamId: globalId, seats: 2 } }, token: env.server.tokenFor(managerId) });
    expect(tooFew.body.errors?.[0]).toMatchObject({ message: 'The Starter Plan includes 3 seats: choose 3 or more.', extensions: { code: 'BAD_USER_INPUT' } });
    const byMember = await graphql(env.server, SEATS, { variables: { input: { teamId: globalId, seats: 5 } }, token: env.server.tokenFor(memberId) });
    expect(byMember.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });

    const more = await graphql(env.server, SEATS, { variables: { input: { teamId: globalId, seats: 7 } }, token: env.server.tokenFor(managerId) });
    expect(more.body.data).toEqual({ changeTeamSeats: { subscription: { seats: 7, plan: 'STARTER' }, team: { billing: { seats: 7, baseSeats: 3 } } } });
    expect(subscription.items.data.map((item) => [item.price.id, item.quantity])).toEqual([
      [PRICES.starter, 1],
      [PRICES.seat, 4],
    ]);
    const fewer = await graphql(env.server, SEATS, { variables: { input: { teamId: globalId, seats: 3 } }, token: env.server.tokenFor(managerId) });
    expect(fewer.body.data).toMatchObject({ changeTeamSeats: { subscription: { seats: 3 } } });
    expect(subscription.items.data.map((item) => item.price.id)).toEqual([PRICES.starter]);
  });

  it('says when a subscription ends instead of renewing', async () => {
    const { managerId, teamId, globalId } = await teamWithManager();
    const started = await graphql<{ startCheckout: { url: string } }>(env.server, CHECKOUT, {
      variables: { input: { plan: 'TEAMS', teamId: globalId, returnTo: `/teams/${teamId}/billing` } },
      token: env.server.tokenFor(managerId),
    });
    const { subscription } = await stripe.completeCheckout(sessionIdOf(started.body.data!.startCheckout.url));
    subscription.cancel_at_period_end = true;
    await stripe.send('customer.subscription.updated', subscription);
    const seen = await graphql<{ team: { billing: Record<string, unknown> } }>(env.server, TEAM_BILLING, { variables: { id: globalId }, token: env.server.tokenFor(managerId) });
    expect(seen.body.data!.team.billing).toMatchObject({ plan: 'TEAMS', seats: 10, renewsAt: null, expiresAt: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString() });
  });

  it('reads the billing of a page of teams in a fixed number of queries', async () => {
    const admin = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
    const teams = await Promise.all([0, 1, 2, 3].map(() => teamWithManager()));
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const selectsFor = async (ids: string[]): Promise<number> => {
      const em = log.orm.em.fork();
      const viewer: Viewer = { user: await em.findOneOrFail(User, admin.id), sessionId: null, masqueradingAdminId: null, plansOpen: false };
      const queries = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Team { billing { seats subscription { status } invoices(first: 5) { nodes { status } } } } } }',
          variableValues: { ids },
          contextValue: { em, viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
      });
      return queries.length;
    };
    const one = await selectsFor([teams[0]!.globalId]);
    expect(await selectsFor(teams.map((team) => team.globalId))).toBe(one);
  });
});

describe('without Stripe keys', () => {
  it('says billing is not configured and refuses checkout and seat changes clearly', async () => {
    const saved = env.server.config.stripeSecretKey;
    env.server.config.stripeSecretKey = null;
    try {
      const { managerId, globalId } = await teamWithManager();
      const token = env.server.tokenFor(managerId);
      expect((await graphql(env.server, '{ billingConfigured billingStatus { configured } }', { token })).body.data).toEqual({ billingConfigured: false, billingStatus: { configured: false } });
      const checkout = await graphql(env.server, CHECKOUT, { variables: { input: { plan: 'PRO', returnTo: '/plans' } }, token });
      expect(checkout.body.errors?.[0]).toMatchObject({ message: MESSAGES.billingNotConfigured, extensions: { code: 'UNPROCESSABLE' } });
      const seats = await graphql(env.server, SEATS, { variables: { input: { teamId: globalId, seats: 12 } }, token });
      expect(seats.body.errors?.[0]).toMatchObject({ message: MESSAGES.billingNotConfigured, extensions: { code: 'UNPROCESSABLE' } });
      const event = stripe.signEvent('customer.updated', { id: 'cus_x', object: 'customer' });
      expect((await stripe.deliver(event)).status).toBe(400);
    } finally {
      env.server.config.stripeSecretKey = saved;
    }
  });
});
