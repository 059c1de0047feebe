/**
 * The one permission module (docs/product.md §Access, §Paid access): paid access, pro pages, image
 * search, team tools, beta pages, admin, billing and business users. Rules depend only on a user's
 * role flags, user type, plans and team standing, and on whether plans are open here (no billing),
 * so module policies on the server, REST routes and menu visibility on the client all call these
 * and cannot drift apart.
 */
import { RoleFlag, UserType } from './enums.js';
import { isTeamSubscriptionActive, type TeamSubscriptionState } from './plans.js';

export interface AccessSubject {
  readonly roleFlags: readonly number[];
  /** Whether the user belongs to a team with an active paid subscription. */
  readonly hasPaidTeam: boolean;
  /** PRO given by an admin and invoiced outside Stripe, not yet expired (`isInvoicedPlanCurrent`). */
  readonly hasInvoicedPro: boolean;
  /**
   * No payment can be taken here (billing is not configured): every plan's features are open to
   * everyone, since nobody could pay for them (docs/product.md §Paid access).
   */
  readonly plansOpen: boolean;
}

function hasAnyFlag(subject: Pick<AccessSubject, 'roleFlags'>, flags: readonly RoleFlag[]): boolean {
  return flags.some((flag) => subject.roleFlags.includes(flag));
}

export function hasRoleFlag(subject: Pick<AccessSubject, 'roleFlags'>, flag: RoleFlag): boolean {
  return subject.roleFlags.includes(flag);
}

/** The flags that mean the person themself pays (or was given PRO): pro, free pro, team pro. */
const PAID_FLAGS = [RoleFlag.pro, RoleFlag.freePro, RoleFlag.teamPro] as const;

/** Pro, free pro or team pro (or PRO invoiced by an admin); a paid team grants it too. Open to all where plans are open. */
export function hasPaidAccess(subject: AccessSubject): boolean {
  return subject.plansOpen || subject.hasInvoicedPro || subject.hasPaidTeam || hasAnyFlag(subject, PAID_FLAGS);
}

/** Admins see pro pages without paying, to support users. A paid team alone does not open them. */
export function canSeeProPages(subject: AccessSubject): boolean {
  return subject.plansOpen || subject.hasInvoicedPro || hasAnyFlag(subject, [RoleFlag.pro, RoleFlag.admin, RoleFlag.freePro, RoleFlag.teamPro]);
}

/**
 * The Teams upgrade check (docs/product.md §Teams): a team's tools are open while its plan is
 * paid (`isTeamSubscriptionActive`), and everywhere where plans are open. Admins pass, to set
 * teams up for customers.
 */
export function canUseTeamTools(viewer: Pick<AccessSubject, 'roleFlags' | 'plansOpen'>, team: TeamSubscriptionState, now: Date): boolean {
  return isAdmin(viewer) || isTeamPlanPaid(viewer, team, now);
}

/**
 * Whether a team's plan counts as paid for the rules that ask for "a paid team" (the credit
 * policy's managing team): its subscription or invoice is current, or plans are open.
 */
export function isTeamPlanPaid(terms: Pick<AccessSubject, 'plansOpen'>, team: TeamSubscriptionState, now: Date): boolean {
  return terms.plansOpen || isTeamSubscriptionActive(team, now);
}

export function canSeeBetaPages(subject: AccessSubject): boolean {
  return hasAnyFlag(subject, [RoleFlag.admin, RoleFlag.beta]);
}

/** Admin rights come from the role flag alone; a paid team (if given) never makes anyone an admin. */
export function isAdmin(subject: Pick<AccessSubject, 'roleFlags'> & { readonly hasPaidTeam?: boolean }): boolean {
  return hasRoleFlag(subject, RoleFlag.admin);
}

export interface BillingSubject {
  readonly roleFlags: readonly number[];
  /** Whether the user is an active manager of at least one team. */
  readonly managesTeam: boolean;
}

/**
 * The billing check behind the Billing menu item (docs/product.md §Shell, item 4). Its exact rule
 * was never stated ("likely subscription holders"), so: people with paid access of their own
 * (pro, free pro or team pro flag) and active team managers, who hold their team's subscription.
 * Plain members of a paid team have no subscription of their own to manage.
 */
export function canSeeBilling(subject: BillingSubject): boolean {
  return subject.managesTeam || hasAnyFlag(subject, PAID_FLAGS);
}

export interface BusinessSubject {
  readonly roleFlags: readonly number[];
  readonly userType: number | null;
}

/**
 * Business users do not see the business-offering menu item (docs/product.md §Shell). A company
 * account (user type 1) is one; so is an enterprise PRO account (flag 6), which is what buying the
 * business offering grants, whatever the account's type.
 */
export function isBusinessUser(subject: BusinessSubject): boolean {
  return subject.userType === UserType.Company || hasRoleFlag(subject, RoleFlag.enterprisePro);
}

/** What the client needs to hide what the viewer may not do (menu items, pages). */
export interface ViewerPermissionSet {
  readonly seeProPages: boolean;
  readonly seeBetaPages: boolean;
  readonly seeAdmin: boolean;
  readonly hasPaidAccess: boolean;
  readonly seeBilling: boolean;
}

export function viewerPermissionSet(subject: AccessSubject & BillingSubject): ViewerPermissionSet {
  return {
    seeProPages: canSeeProPages(subject),
    seeBetaPages: canSeeBetaPages(subject),
    seeAdmin: isAdmin(subject),
    hasPaidAccess: hasPaidAccess(subject),
    seeBilling: canSeeBilling(subject),
  };
}
