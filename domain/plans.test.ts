import { describe, expect, it } from 'vitest';
import { BASE_SEATS, isTeamSubscriptionActive, isTrialOnlyUser, PLAN_TITLES } from './plans.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const inDays = (days: number) => daysAgo(-days);

describe('plans', () => {
  it('have the spec seats and titles', () => {
    expect(BASE_SEATS).toEqual({ teams: 10, starter: 3 });
    expect(PLAN_TITLES).toEqual({ teams: 'Teams Plan', starter: 'Starter Plan' });
  });
});

describe('isTeamSubscriptionActive', () => {
  it.each([
    ['active team, invoice not expired', { status: 'active', externalInvoiceExpiration: inDays(1), subscriptionStatus: null }, true],
    ['active team, subscription active', { status: 'active', externalInvoiceExpiration: null, subscriptionStatus: 'active' }, true],
    ['active team, expired invoice but active subscription', { status: 'active', externalInvoiceExpiration: daysAgo(1), subscriptionStatus: 'active' }, true],
    ['active team, invoice never expires (sentinel)', { status: 'active', externalInvoiceExpiration: new Date('2500-12-31'), subscriptionStatus: null }, true],
    ['active team, expired invoice, no subscription', { status: 'active', externalInvoiceExpiration: daysAgo(1), subscriptionStatus: null }, false],
    ['active team, invoice expiring this instant', { status: 'active', externalInvoiceExpiration: NOW, subscriptionStatus: 'canceled' }, false],
    ['active team, trialing subscription', { status: 'active', externalInvoiceExpiration: null, subscriptionStatus: 'trialing' }, false],
    ['active team, unreadable invoice date', { status: 'active', externalInvoiceExpiration: new Date('nonsense'), subscriptionStatus: null }, false],
    ['inactive team, everything paid', { status: 'inactive', externalInvoiceExpiration: inDays(30), subscriptionStatus: 'active' }, false],
  ])('%s → %s', (_label, team, expected) => {
    expect(isTeamSubscriptionActive(team, NOW)).toBe(expected);
  });
});

describe('isTrialOnlyUser', () => {
  it.each([
    ['no subscriptions', [], false],
    ['one trial started today', [{ status: 'trialing', createdAt: NOW }], true],
    ['trial started exactly 14 days ago', [{ status: 'trialing', createdAt: daysAgo(14) }], true],
    ['trial started 15 days ago', [{ status: 'trialing', createdAt: daysAgo(15) }], false],
    ['two recent trials', [{ status: 'trialing', createdAt: daysAgo(2) }, { status: 'trialing', createdAt: daysAgo(10) }], true],
    ['a trial and a paid plan', [{ status: 'trialing', createdAt: daysAgo(2) }, { status: 'active', createdAt: daysAgo(2) }], false],
    ['createdAt as an ISO string from JSON', [{ status: 'trialing', createdAt: daysAgo(3).toISOString() }], true],
    ['unreadable createdAt', [{ status: 'trialing', createdAt: 'yesterday-ish' }], false],
  ])('%s → %s', (_label, subscriptions, expected) => {
    expect(isTrialOnlyUser(subscriptions, NOW)).toBe(expected);
  });
});
