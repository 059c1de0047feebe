/**
 * Jobs: work a team posts as one of its companies, and creators apply to with posts others have
 * credited them on (docs/product.md §Jobs). Server and client read the same rules: a job's
 * address, its fields, who may do what and how an application moves.
 */
import type { TeamMemberRole, TeamMemberStatus } from './enums.js';
import { checkCurrency } from './project-costs.js';
import { isProjectPublicId, PROJECT_PUBLIC_ID_LENGTH, projectPublicIdFrom, slugifyProjectName } from './projects.js';

export const JOB_STATUSES = ['draft', 'open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** An application's stages: the team's internal ones, its two decisions, and the applicant's own withdrawal. */
export const JOB_APPLICATION_STATUSES = ['new', 'shortlisted', 'interviewing', 'hired', 'declined', 'withdrawn'] as const;
export type JobApplicationStatus = (typeof JOB_APPLICATION_STATUSES)[number];

/** Stages only the team sees; the applicant reads them all as `new` (docs/product.md §Jobs). */
export const INTERNAL_APPLICATION_STATUSES: readonly JobApplicationStatus[] = ['new', 'shortlisted', 'interviewing'];

export const MAX_JOB_NAME_LENGTH = 120;
export const MAX_JOB_DESCRIPTION_LENGTH = 10_000;
export const MAX_JOB_ROLES = 10;
export const MAX_APPLICATION_MESSAGE_LENGTH = 5_000;
export const MAX_APPLICATION_POSTS = 12;
export const MAX_APPLICATION_COMMENT_LENGTH = 2_000;
/** A pay bound above this (in minor units) is a typo, not a wage; it also keeps sums inside 53 bits. */
export const MAX_PAY_AMOUNT = 1_000_000_000_000;
export const MAX_POSTED_WITHIN_DAYS = 365;
export const MAX_JOB_RADIUS_KM = 20_000;
/** Same length and alphabet as a project's public id: short, random, read aloud safely. */
export const JOB_PUBLIC_ID_LENGTH = PROJECT_PUBLIC_ID_LENGTH;

export const JOB_MESSAGES = {
  jobNotFound: 'Job not found',
  applicationNotFound: 'Application not found',
  nameRequired: 'Give the job a title.',
  nameTooLong: `A job title can be at most ${MAX_JOB_NAME_LENGTH} characters.`,
  descriptionTooLong: `A job description can be at most ${MAX_JOB_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters.`,
  rolesRequired: 'Name at least one role the job wants.',
  tooManyRoles: `A job can want at most ${MAX_JOB_ROLES} roles.`,
  placeOrRemote: 'Give the job a place (a city) or make it remote.',
  payOrUnpaid: 'Give the pay as a range in a currency, or mark the job unpaid.',
  payCurrency: 'Use a currency’s three-letter ISO 4217 code, such as USD or EUR.',
  payAmount: 'Pay is a whole number of the currency’s smallest unit (cents for USD), 0 or more.',
  payOrder: 'The lowest pay cannot be above the highest.',
  deadlineInvalid: 'Use a deadline as YYYY-MM-DD.',
  deadlinePast: 'The deadline has passed: choose a later day.',
  accountNotCompany: 'Post a job as a company that manages this team.',
  statusChange: 'A job cannot go back to that status.',
  notOpen: 'This job is not taking applications.',
  ownJob: 'You cannot apply to your own team’s job.',
  messageTooLong: `A message can be at most ${MAX_APPLICATION_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`,
  tooManyPosts: `Choose at most ${MAX_APPLICATION_POSTS} posts.`,
  postNotCredited: 'Choose posts you are credited on.',
  applicationStatusChange: 'An application cannot move to that status.',
  managersDecide: 'Only the team’s managers can hire or decline.',
  cannotWithdraw: 'This application can no longer be withdrawn.',
  commentRequired: 'Write a comment.',
  commentTooLong: `A comment can be at most ${MAX_APPLICATION_COMMENT_LENGTH.toLocaleString('en-US')} characters.`,
} as const;

/** The title as stored (spaces tidied), or why it cannot be one. */
export function checkJobName(raw: string): { name: string } | { error: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) return { error: JOB_MESSAGES.nameRequired };
  if (name.length > MAX_JOB_NAME_LENGTH) return { error: JOB_MESSAGES.nameTooLong };
  return { name };
}

/** The job's slug: the account's username and the title, each slugged (`acme-studio-video-editor`). */
export function jobSlug(username: string, name: string): string {
  return `${slugifyProjectName(username, 'company')}-${slugifyProjectName(name, 'job')}`;
}

/** The job's page: `/jobs/{publicId}~{accountSlug}-{nameSlug}`. */
export function jobPath(publicId: string, slug: string): string {
  return `/jobs/${publicId}~${slug}`;
}

export const isJobPublicId = isProjectPublicId;
export const jobPublicIdFrom = projectPublicIdFrom;

/**
 * The `{publicId}~{slug}` segment of a job's address, read back: null when the id cannot be one.
 * The slug may be missing, old or wrong: the page redirects to the current address.
 */
export function parseJobAddress(segment: string): { publicId: string; slug: string | null } | null {
  const separator = segment.indexOf('~');
  const publicId = separator === -1 ? segment : segment.slice(0, separator);
  if (!isJobPublicId(publicId)) return null;
  const slug = separator === -1 ? '' : segment.slice(separator + 1);
  return { publicId, slug: slug || null };
}

export interface PayInput {
  min: number | null;
  max: number | null;
  currency: string | null;
  unpaid: boolean;
}

export type CheckedPay = { min: number | null; max: number | null; currency: string; unpaid: false } | { min: null; max: null; currency: null; unpaid: true };

/** A job's pay: unpaid, or at least one bound in a known currency, bounds in order (docs/product.md §Jobs). */
export function checkPay(pay: PayInput): { pay: CheckedPay } | { error: string; field: string } {
  if (pay.unpaid) {
    if (pay.min !== null || pay.max !== null || pay.currency !== null) return { error: JOB_MESSAGES.payOrUnpaid, field: 'pay' };
    return { pay: { min: null, max: null, currency: null, unpaid: true } };
  }
  if (pay.min === null && pay.max === null) return { error: JOB_MESSAGES.payOrUnpaid, field: 'pay' };
  const currency = pay.currency === null ? null : checkCurrency(pay.currency);
  if (currency === null) return { error: JOB_MESSAGES.payCurrency, field: 'payCurrency' };
  for (const [field, amount] of [['payMin', pay.min], ['payMax', pay.max]] as const) {
    if (amount !== null && (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PAY_AMOUNT)) return { error: JOB_MESSAGES.payAmount, field };
  }
  if (pay.min !== null && pay.max !== null && pay.min > pay.max) return { error: JOB_MESSAGES.payOrder, field: 'payMax' };
  return { pay: { min: pay.min, max: pay.max, currency, unpaid: false } };
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A deadline as YYYY-MM-DD, a real day; `today` (UTC, YYYY-MM-DD) is the earliest allowed when it is set or changed. */
export function checkDeadline(value: string, today: string): { deadline: string } | { error: string } {
  const day = DATE_PATTERN.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (day === null || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return { error: JOB_MESSAGES.deadlineInvalid };
  if (value < today) return { error: JOB_MESSAGES.deadlinePast };
  return { deadline: value };
}

/** A deadline has passed once its whole day (UTC) is over. */
export function deadlineHasPassed(deadline: string | null, today: string): boolean {
  return deadline !== null && deadline < today;
}

/** Draft → open or closed, open → closed; closed is final, so "told once when it closes" holds. */
export function canChangeJobStatus(from: JobStatus, to: JobStatus): boolean {
  if (from === to) return true;
  if (from === 'draft') return true;
  return from === 'open' && to === 'closed';
}

/** Who changes an application: the team (its managers decide), or the applicant (withdraws). */
export type ApplicationActor = 'manager' | 'member' | 'applicant';

/**
 * How an application moves (docs/product.md §Jobs): the internal stages in any order, hired or
 * declined from any of them by a manager, withdrawn by the applicant from any of them. Hired,
 * declined and withdrawn are final.
 */
export function applicationTransition(from: JobApplicationStatus, to: JobApplicationStatus, actor: ApplicationActor): { ok: true } | { error: string } {
  if (!INTERNAL_APPLICATION_STATUSES.includes(from)) return { error: to === 'withdrawn' ? JOB_MESSAGES.cannotWithdraw : JOB_MESSAGES.applicationStatusChange };
  if (actor === 'applicant') return to === 'withdrawn' ? { ok: true } : { error: JOB_MESSAGES.applicationStatusChange };
  if (to === 'withdrawn' || to === from) return { error: JOB_MESSAGES.applicationStatusChange };
  if ((to === 'hired' || to === 'declined') && actor !== 'manager') return { error: JOB_MESSAGES.managersDecide };
  return { ok: true };
}

/** What the applicant sees of their application's status: never the team's internal stages. */
export function applicantFacingStatus(status: JobApplicationStatus): JobApplicationStatus {
  return INTERNAL_APPLICATION_STATUSES.includes(status) ? 'new' : status;
}

/** Whether an application still waits for the team's decision (those are told when the job closes). */
export function isUndecided(status: JobApplicationStatus): boolean {
  return INTERNAL_APPLICATION_STATUSES.includes(status);
}

/**
 * The viewer's access to a job: `manager` (the team's active managers, and admins, who set teams
 * up for customers), `member` (active members), `public` (anyone, signed out included, once the
 * job is out of draft) or `none`. A pro_only seat pays for PRO, not for the team's hiring: it gets
 * what the public gets.
 */
export type JobAccess = 'manager' | 'member' | 'public' | 'none';

export interface JobAccessFacts {
  viewer: { userId: number; isAdmin: boolean } | null;
  status: JobStatus;
  membership: { role: TeamMemberRole; status: TeamMemberStatus } | null;
}

export function jobAccess({ viewer, status, membership }: JobAccessFacts): JobAccess {
  if (viewer?.isAdmin) return 'manager';
  if (membership?.status === 'active' && membership.role === 'manager') return 'manager';
  if (membership?.status === 'active' && membership.role === 'member') return 'member';
  return status === 'draft' ? 'none' : 'public';
}

export interface JobAbilities {
  see: boolean;
  edit: boolean;
  seeApplications: boolean;
  decide: boolean;
}

/** What each access level may do; `viewerCan` and every service check read this. */
export function jobAbilities(access: JobAccess): JobAbilities {
  return {
    see: access !== 'none',
    edit: access === 'manager',
    seeApplications: access === 'manager' || access === 'member',
    decide: access === 'manager',
  };
}

/**
 * Whether the viewer may apply: signed in, the job open and its deadline not passed, not on the
 * hiring team, and not applied yet (one application per person and job, withdrawn ones included).
 */
export function mayApply(facts: { signedIn: boolean; access: JobAccess; status: JobStatus; deadline: string | null; today: string; hasApplied: boolean }): boolean {
  return facts.signedIn && facts.access === 'public' && facts.status === 'open' && !deadlineHasPassed(facts.deadline, facts.today) && !facts.hasApplied;
}

/** Today in UTC as YYYY-MM-DD (deadlines are days, not instants). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
