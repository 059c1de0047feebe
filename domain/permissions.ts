/**
 * Access checks of spec section 6 that depend only on a user's role flags and whether a
 * team they belong to pays. Module policies on the server and menu visibility on the
 * client both call these, so the rules cannot drift apart.
 */
import { RoleFlag } from './enums.js';

export interface AccessSubject {
  readonly roleFlags: readonly number[];
  /** Whether the user belongs to a team with an active paid subscription. */
  readonly hasPaidTeam: boolean;
}

function hasAnyFlag(subject: AccessSubject, flags: readonly RoleFlag[]): boolean {
  return flags.some((flag) => subject.roleFlags.includes(flag));
}

export function hasRoleFlag(subject: AccessSubject, flag: RoleFlag): boolean {
  return subject.roleFlags.includes(flag);
}

/** Pro, free pro or team pro; a paid team grants it too. */
export function hasPaidAccess(subject: AccessSubject): boolean {
  return subject.hasPaidTeam || hasAnyFlag(subject, [RoleFlag.pro, RoleFlag.freePro, RoleFlag.teamPro]);
}

/** Admins see pro pages without paying, to support users. A paid team alone does not open them. */
export function canSeeProPages(subject: AccessSubject): boolean {
  return hasAnyFlag(subject, [RoleFlag.pro, RoleFlag.admin, RoleFlag.freePro, RoleFlag.teamPro]);
}

export function canSeeBetaPages(subject: AccessSubject): boolean {
  return hasAnyFlag(subject, [RoleFlag.admin, RoleFlag.beta]);
}

export function isAdmin(subject: AccessSubject): boolean {
  return hasRoleFlag(subject, RoleFlag.admin);
}
