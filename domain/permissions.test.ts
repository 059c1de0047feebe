import { describe, expect, it } from 'vitest';
import { RoleFlag, UserType } from './enums.js';
import {
  canSeeBetaPages,
  canSeeBilling,
  canSeeProPages,
  canUseTeamTools,
  hasPaidAccess,
  hasRoleFlag,
  isAdmin,
  isBusinessUser,
  viewerPermissionSet,
  isTeamPlanPaid,
} from './permissions.js';
import { NEVER_EXPIRES, isInvoicedPlanCurrent, isNeverExpiring } from './plans.js';
import { canUseImageSearch } from './visual-match.js';

const user = (roleFlags: number[], hasPaidTeam = false) => ({ roleFlags, hasPaidTeam, hasInvoicedPro: false, plansOpen: false });

describe('permissions', () => {
  it.each([
    ['no flags', user([]), { paid: false, pro: false, beta: false, admin: false }],
    ['approved (O.G.) only', user([RoleFlag.approved]), { paid: false, pro: false, beta: false, admin: false }],
    ['pro', user([RoleFlag.pro]), { paid: true, pro: true, beta: false, admin: false }],
    ['free pro', user([RoleFlag.freePro]), { paid: true, pro: true, beta: false, admin: false }],
    ['team pro', user([RoleFlag.teamPro]), { paid: true, pro: true, beta: false, admin: false }],
    ['enterprise pro (no rule names it)', user([RoleFlag.enterprisePro]), { paid: false, pro: false, beta: false, admin: false }],
    ['member of a paid team', user([], true), { paid: true, pro: false, beta: false, admin: false }],
    ['admin', user([RoleFlag.admin]), { paid: false, pro: true, beta: true, admin: true }],
    ['beta', user([RoleFlag.beta]), { paid: false, pro: false, beta: true, admin: false }],
    ['unknown flag', user([99]), { paid: false, pro: false, beta: false, admin: false }],
  ])('%s', (_label, subject, expected) => {
    expect({
      paid: hasPaidAccess(subject),
      pro: canSeeProPages(subject),
      beta: canSeeBetaPages(subject),
      admin: isAdmin(subject),
    }).toEqual(expected);
  });

  it('checks single flags', () => {
    expect(hasRoleFlag(user([RoleFlag.beta, RoleFlag.pro]), RoleFlag.pro)).toBe(true);
    expect(hasRoleFlag(user([RoleFlag.beta]), RoleFlag.pro)).toBe(false);
  });
});

describe('billing check', () => {
  it.each([
    ['no flags, no team', [], false, false],
    ['pro', [RoleFlag.pro], false, true],
    ['free pro', [RoleFlag.freePro], false, true],
    ['team pro', [RoleFlag.teamPro], false, true],
    ['team manager without flags', [], true, true],
    ['admin alone (admins do not hold a subscription)', [RoleFlag.admin], false, false],
    ['beta alone', [RoleFlag.beta], false, false],
    ['enterprise pro alone', [RoleFlag.enterprisePro], false, false],
  ])('%s', (_label, roleFlags, managesTeam, expected) => {
    expect(canSeeBilling({ roleFlags, managesTeam })).toBe(expected);
  });
});

describe('business users', () => {
  it.each([
    ['company', UserType.Company, [], true],
    ['creator', UserType.Creator, [], false],
    ['type not chosen yet', null, [], false],
    ['creator with enterprise pro', UserType.Creator, [RoleFlag.enterprisePro], true],
    ['creator with pro', UserType.Creator, [RoleFlag.pro], false],
  ])('%s', (_label, userType, roleFlags, expected) => {
    expect(isBusinessUser({ userType, roleFlags })).toBe(expected);
  });
});

describe('viewerPermissionSet', () => {
  it('gathers every rule for the client', () => {
    expect(viewerPermissionSet({ roleFlags: [RoleFlag.beta], hasPaidTeam: true, managesTeam: false, hasInvoicedPro: false, plansOpen: false })).toEqual({
      seeProPages: false,
      seeBetaPages: true,
      seeAdmin: false,
      hasPaidAccess: true,
      seeBilling: false,
    });
    expect(viewerPermissionSet({ roleFlags: [RoleFlag.admin], hasPaidTeam: false, managesTeam: true, hasInvoicedPro: false, plansOpen: false })).toEqual({
      seeProPages: true,
      seeBetaPages: true,
      seeAdmin: true,
      hasPaidAccess: false,
      seeBilling: true,
    });
  });
});

/**
 * The one paid-access rule (docs/product.md §Paid access), as a table: billing off (plans open)
 * and on, × each plan and flag, × each gate. Image search is `canUseImageSearch` over the first
 * two gates (domain/visual-match.ts); the credit policy's paid team is `isTeamPlanPaid`, which the
 * team-tools column covers.
 */
describe('paid access: billing × plan × gate', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const unpaidTeam = { status: 'inactive', externalInvoiceExpiration: null, subscriptionStatus: null };
  const paidTeam = { status: 'active', externalInvoiceExpiration: null, subscriptionStatus: 'active' };
  const invoicedTeam = { status: 'active', externalInvoiceExpiration: new Date('2026-12-01T00:00:00Z'), subscriptionStatus: null };
  const lapsedInvoiceTeam = { status: 'active', externalInvoiceExpiration: new Date('2026-11-29T12:00:00Z'), subscriptionStatus: null };
  const foreverTeam = { status: 'active', externalInvoiceExpiration: NEVER_EXPIRES, subscriptionStatus: null };

  type Who = { roleFlags: number[]; hasPaidTeam?: boolean; hasInvoicedPro?: boolean };
  type Gates = { paid: boolean; proPages: boolean; imageSearch: boolean; unpaidTeamTools: boolean };
  const cases: Array<[string, Who, Gates]> = [
    ['free account', { roleFlags: [] }, { paid: false, proPages: false, imageSearch: false, unpaidTeamTools: false }],
    ['pro', { roleFlags: [RoleFlag.pro] }, { paid: true, proPages: true, imageSearch: true, unpaidTeamTools: false }],
    ['free pro', { roleFlags: [RoleFlag.freePro] }, { paid: true, proPages: true, imageSearch: true, unpaidTeamTools: false }],
    ['team pro', { roleFlags: [RoleFlag.teamPro] }, { paid: true, proPages: true, imageSearch: true, unpaidTeamTools: false }],
    ['enterprise pro', { roleFlags: [RoleFlag.enterprisePro] }, { paid: false, proPages: false, imageSearch: false, unpaidTeamTools: false }],
    ['PRO invoiced by an admin', { roleFlags: [], hasInvoicedPro: true }, { paid: true, proPages: true, imageSearch: true, unpaidTeamTools: false }],
    ['member of a paid team', { roleFlags: [], hasPaidTeam: true }, { paid: true, proPages: false, imageSearch: true, unpaidTeamTools: false }],
    ['admin', { roleFlags: [RoleFlag.admin] }, { paid: false, proPages: true, imageSearch: true, unpaidTeamTools: true }],
    ['beta', { roleFlags: [RoleFlag.beta] }, { paid: false, proPages: false, imageSearch: false, unpaidTeamTools: false }],
  ];

  function gates(who: Who, plansOpen: boolean): Gates {
    const subject = { roleFlags: who.roleFlags, hasPaidTeam: who.hasPaidTeam ?? false, hasInvoicedPro: who.hasInvoicedPro ?? false, plansOpen };
    return {
      paid: hasPaidAccess(subject),
      proPages: canSeeProPages(subject),
      imageSearch: canUseImageSearch({ hasPaidAccess: hasPaidAccess(subject), seeProPages: canSeeProPages(subject) }),
      unpaidTeamTools: canUseTeamTools(subject, unpaidTeam, now),
    };
  }

  it.each(cases)('billing on: %s', (_label, who, expected) => {
    expect(gates(who, false)).toEqual(expected);
  });

  it.each(cases)('billing off (plans open): %s has every gate open', (_label, who) => {
    expect(gates(who, true)).toEqual({ paid: true, proPages: true, imageSearch: true, unpaidTeamTools: true });
  });

  it.each([
    ['a card subscription', paidTeam, true],
    ['an invoice that has not expired', invoicedTeam, true],
    ['an invoice expiring right now', lapsedInvoiceTeam, false],
    ['the never-expires sentinel', foreverTeam, true],
    ['no plan', unpaidTeam, false],
  ])('team tools with billing on need a paid team: %s', (_label, team, expected) => {
    expect(canUseTeamTools({ roleFlags: [], plansOpen: false }, team, now)).toBe(expected);
    expect(isTeamPlanPaid({ plansOpen: false }, team, now)).toBe(expected);
    expect(isTeamPlanPaid({ plansOpen: true }, team, now)).toBe(true);
  });

  it('an invoiced plan lasts until its expiry, and the sentinel never ends', () => {
    expect(isInvoicedPlanCurrent(null, now)).toBe(false);
    expect(isInvoicedPlanCurrent(new Date('2026-11-29T12:00:01Z'), now)).toBe(true);
    expect(isInvoicedPlanCurrent(now, now)).toBe(false);
    expect(isInvoicedPlanCurrent(NEVER_EXPIRES, new Date('2499-12-31T00:00:00Z'))).toBe(true);
    expect(NEVER_EXPIRES.toISOString().slice(0, 10)).toBe('2500-12-31');
    expect(isNeverExpiring(NEVER_EXPIRES)).toBe(true);
    expect(isNeverExpiring(new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
