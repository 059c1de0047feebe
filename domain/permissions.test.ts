import { describe, expect, it } from 'vitest';
import { RoleFlag, UserType } from './enums.js';
import {
  canSeeBetaPages,
  canSeeBilling,
  canSeeProPages,
  hasPaidAccess,
  hasRoleFlag,
  isAdmin,
  isBusinessUser,
  viewerPermissionSet,
} from './permissions.js';

const user = (roleFlags: number[], hasPaidTeam = false) => ({ roleFlags, hasPaidTeam });

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
    expect(viewerPermissionSet({ roleFlags: [RoleFlag.beta], hasPaidTeam: true, managesTeam: false })).toEqual({
      seeProPages: false,
      seeBetaPages: true,
      seeAdmin: false,
      hasPaidAccess: true,
      seeBilling: false,
    });
    expect(viewerPermissionSet({ roleFlags: [RoleFlag.admin], hasPaidTeam: false, managesTeam: true })).toEqual({
      seeProPages: true,
      seeBetaPages: true,
      seeAdmin: true,
      hasPaidAccess: false,
      seeBilling: true,
    });
  });
});
