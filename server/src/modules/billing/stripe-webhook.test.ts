import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import type { AppConfig } from '../../config.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { useTestServer } from '../../test-support/test-server.js';

const PRICES = { pro: 'price_pro', teams: 'price_teams', starter: 'price_starter', seat: 'price_seat' };
const stripe = new StripeStandIn('whsec_webhook_test');
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

async function storedEvents(id: string): Promise<Array<{ id: string; type: string; processed: boolean }>> {
  return queryRows(env.database.url, 'select id, type, processed_at is not null as processed from stripe_events where id = $1', [id]);
}

async function roleFlagsOf(userId: number): Promise<number[]> {
  const [row] = await queryRows<{ role_flags: number[] }>(env.database.url, 'select role_flags from users where id = $1', [userId]);
  return row!.role_flags;
}

async function proSubscriber(): Promise<{ userId: number; subscriptionId: string }> {
  const user = await createUser(env.server.orm.em.fork());
  const subscription = stripe.createSubscription({ customer: stripe.nextId('cus'), prices: [{ price: PRICES.pro, quantity: 1 }], metadata: { bylinePlan: 'pro', bylineUserId: String(user.id) } });
  return { userId: user.id, subscriptionId: subscription.id };
}

describe('POST /api/stripe/webhook: verification', () => {
  it('refuses a forged signature with 400 and stores nothing', async () => {
    const { subscriptionId } = await proSubscriber();
    const forged = stripe.signEvent('customer.subscription.created', stripe.requireSubscription(subscriptionId), { secret: 'whsec_someone_else' });
    const answer = await stripe.deliver(forged);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: 'The Stripe signature is missing, invalid or too old.' });
    expect(await storedEvents(forged.id)).toEqual([]);
  });

  it('refuses a body changed after signing, and a missing signature', async () => {
    const { subscriptionId } = await proSubscriber();
    const signed = stripe.signEvent('customer.subscription.created', stripe.requireSubscription(subscriptionId));
    const tampered = { ...signed, payload: signed.payload.replace('"active"', '"trialing"') };
    expect((await stripe.deliver(tampered)).status).toBe(400);
    const unsigned = await fetch(stripe.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed.payload });
    expect(unsigned.status).toBe(400);
    expect(await storedEvents(signed.id)).toEqual([]);
  });

  it('refuses an event signed beyond Stripe’s 300-second tolerance, accepts one within it', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const subscription = stripe.requireSubscription(subscriptionId);
    const late = stripe.signEvent('customer.subscription.created', subscription, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await stripe.deliver(late)).status).toBe(400);
    expect(await storedEvents(late.id)).toEqual([]);
    expect(await roleFlagsOf(userId)).not.toContain(RoleFlag.pro);

    const recent = stripe.signEvent('customer.subscription.created', subscription, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect((await stripe.deliver(recent)).status).toBe(200);
    expect(await roleFlagsOf(userId)).toContain(RoleFlag.pro);
  });
});

describe('POST /api/stripe/webhook: handling', () => {
  it('sets PRO (role flag 3) on a paid subscription and clears it when the subscription is cancelled', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const created = await stripe.send('customer.subscription.created', stripe.requireSubscription(subscriptionId));
    expect(created).toMatchObject({ status: 200 });
    expect(await roleFlagsOf(userId)).toContain(RoleFlag.pro);
    expect(await queryRows(env.database.url, 'select plan, status, seats, user_id, team_id from subscriptions where stripe_subscription_id = $1', [subscriptionId])).toEqual([
      { plan: 'pro', status: 'active', seats: 1, user_id: userId, team_id: null },
    ]);

    stripe.requireSubscription(subscriptionId).status = 'canceled';
    expect((await stripe.send('customer.subscription.deleted', stripe.requireSubscription(subscriptionId))).status).toBe(200);
    expect(await roleFlagsOf(userId)).not.toContain(RoleFlag.pro);
  });

  it('keeps other role flags when PRO comes and goes', async () => {
    const user = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.approved, RoleFlag.beta] });
    const subscription = stripe.createSubscription({ customer: stripe.nextId('cus'), prices: [{ price: PRICES.pro, quantity: 1 }], metadata: { bylinePlan: 'pro', bylineUserId: String(user.id) } });
    await stripe.send('customer.subscription.created', subscription);
    expect((await roleFlagsOf(user.id)).sort()).toEqual([RoleFlag.approved, RoleFlag.pro, RoleFlag.beta].sort());
    subscription.status = 'unpaid';
    await stripe.send('customer.subscription.updated', subscription);
    expect((await roleFlagsOf(user.id)).sort()).toEqual([RoleFlag.approved, RoleFlag.beta].sort());
  });

  it('stores an event once and ignores a repeat of it', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const event = stripe.signEvent('customer.subscription.created', stripe.requireSubscription(subscriptionId));
    const first = await stripe.deliver(event);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    expect(await storedEvents(event.id)).toEqual([{ id: event.id, type: 'customer.subscription.created', processed: true }]);

    // Cancelled meanwhile: a repeat of the old event must not be handled again.
    stripe.requireSubscription(subscriptionId).status = 'canceled';
    const repeat = await stripe.deliver(event);
    expect(repeat.status).toBe(200);
    expect(JSON.parse(repeat.body)).toEqual({ received: true, duplicate: true });
    expect(await storedEvents(event.id)).toHaveLength(1);
    expect(await roleFlagsOf(userId)).toContain(RoleFlag.pro);
  });

  it('ends in Stripe’s current state whatever order events come in', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const subscription = stripe.requireSubscription(subscriptionId);
    const createdEvent = stripe.signEvent('customer.subscription.created', subscription);
    subscription.status = 'canceled';
    const deletedEvent = stripe.signEvent('customer.subscription.deleted', subscription);

    // The deletion arrives first, then the (older) creation: PRO must not come back.
    expect((await stripe.deliver(deletedEvent)).status).toBe(200);
    expect((await stripe.deliver(createdEvent)).status).toBe(200);
    expect(await roleFlagsOf(userId)).not.toContain(RoleFlag.pro);
    expect(await queryRows(env.database.url, 'select status from subscriptions where stripe_subscription_id = $1', [subscriptionId])).toEqual([{ status: 'canceled' }]);
  });

  it('handles an invoice before its subscription’s own events, and stores both once', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const invoice = stripe.createInvoice(subscriptionId);
    await stripe.send('invoice.paid', invoice);
    await stripe.send('invoice.paid', invoice);
    await stripe.send('customer.subscription.created', stripe.requireSubscription(subscriptionId));
    expect(await roleFlagsOf(userId)).toContain(RoleFlag.pro);
    expect(await queryRows(env.database.url, 'select count(*)::int as count from invoices where stripe_invoice_id = $1', [invoice.id])).toEqual([{ count: 1 }]);
  });

  it('sets a team’s plan, status, seats and subscription status, and deactivates it on cancellation', async () => {
    const em = env.server.orm.em.fork();
    const manager = await createUser(em);
    const team = await createTeam(em, [{ user: manager, role: 'manager' }]);
    const subscription = stripe.createSubscription({
      customer: stripe.nextId('cus'),
      prices: [
        { price: PRICES.starter, quantity: 1 },
        { price: PRICES.seat, quantity: 2 },
      ],
      metadata: { bylinePlan: 'starter', bylineUserId: String(manager.id), bylineTeamId: String(team.id) },
    });
    await stripe.send('customer.subscription.created', subscription);
    expect(await queryRows(env.database.url, 'select plan, status, subscription_status from teams where id = $1', [team.id])).toEqual([{ plan: 'starter', status: 'active', subscription_status: 'active' }]);
    expect(await queryRows(env.database.url, 'select seats, team_id from subscriptions where stripe_subscription_id = $1', [subscription.id])).toEqual([{ seats: 5, team_id: team.id }]);
    // A team plan is not PRO for the manager who bought it.
    expect(await roleFlagsOf(manager.id)).not.toContain(RoleFlag.pro);

    subscription.status = 'canceled';
    await stripe.send('customer.subscription.deleted', subscription);
    expect(await queryRows(env.database.url, 'select plan, status, subscription_status from teams where id = $1', [team.id])).toEqual([{ plan: 'starter', status: 'inactive', subscription_status: 'canceled' }]);
  });

  it('moves a team’s invoice expiry to the end of the period paid by invoice, and keeps it active until then', async () => {
    const em = env.server.orm.em.fork();
    const manager = await createUser(em);
    const team = await createTeam(em, [{ user: manager, role: 'manager' }]);
    const subscription = stripe.createSubscription({
      customer: stripe.nextId('cus'),
      prices: [{ price: PRICES.teams, quantity: 1 }],
      metadata: { bylinePlan: 'teams', bylineUserId: String(manager.id), bylineTeamId: String(team.id) },
      collection_method: 'send_invoice',
    });
    const invoice = stripe.createInvoice(subscription.id, 'paid');
    await stripe.send('invoice.paid', invoice);
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000);
    expect(await queryRows(env.database.url, 'select plan, status, external_invoice_expiration from teams where id = $1', [team.id])).toEqual([
      { plan: 'teams', status: 'active', external_invoice_expiration: periodEnd },
    ]);

    // Stripe gives up on card retries, but the invoice paid for the period: still active.
    subscription.status = 'unpaid';
    await stripe.send('customer.subscription.updated', subscription);
    expect(await queryRows(env.database.url, 'select status, subscription_status from teams where id = $1', [team.id])).toEqual([{ status: 'active', subscription_status: 'unpaid' }]);
  });

  it('leaves nothing stored when handling fails, so Stripe’s retry of the same event is handled', async () => {
    const { userId, subscriptionId } = await proSubscriber();
    const event = stripe.signEvent('customer.subscription.created', stripe.requireSubscription(subscriptionId));
    const apiBase = env.server.config.stripeApiBase;
    // Stripe's API unreachable for a moment (a closed port).
    env.server.config.stripeApiBase = 'http://127.0.0.1:9';
    try {
      expect((await stripe.deliver(event)).status).toBe(500);
    } finally {
      env.server.config.stripeApiBase = apiBase;
    }
    expect(await storedEvents(event.id)).toEqual([]);
    expect(await roleFlagsOf(userId)).not.toContain(RoleFlag.pro);

    expect(JSON.parse((await stripe.deliver(event)).body)).toEqual({ received: true, duplicate: false });
    expect(await roleFlagsOf(userId)).toContain(RoleFlag.pro);
  });

  it('marks an event about an object Stripe no longer has as handled', async () => {
    const event = stripe.signEvent('customer.subscription.updated', { id: 'sub_gone', object: 'subscription', status: 'active' });
    expect((await stripe.deliver(event)).status).toBe(200);
    expect(await storedEvents(event.id)).toEqual([{ id: event.id, type: 'customer.subscription.updated', processed: true }]);
  });

  it('stores events it has nothing to do for, and ignores subscriptions for no plan of ours', async () => {
    const other = stripe.createSubscription({ customer: stripe.nextId('cus'), prices: [{ price: 'price_unrelated', quantity: 1 }] });
    const event = stripe.signEvent('customer.subscription.created', other);
    expect((await stripe.deliver(event)).status).toBe(200);
    expect(await storedEvents(event.id)).toEqual([{ id: event.id, type: 'customer.subscription.created', processed: true }]);
    expect(await queryRows(env.database.url, 'select id from subscriptions where stripe_subscription_id = $1', [other.id])).toEqual([]);

    const ping = stripe.signEvent('customer.updated', { id: 'cus_x', object: 'customer' });
    expect((await stripe.deliver(ping)).status).toBe(200);
  });
});
