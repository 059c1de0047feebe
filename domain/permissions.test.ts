import { describe, expect, it } from 'vitest';
import { RoleFlag } from './enums.js';
import { canSeeBetaPages, canSeeProPages, hasPaidAccess, hasRoleFlag, isAdmin } from './permissions.js';

const user = (roleFlags: number[], hasPaidTeam = false) => ({ roleFlags, hasPaidTeam });

describe('permissions (spec 6)', () => {
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
