import { CombinedGraphQLErrors } from '@apollo/client';
import * as MESSAGES from '@domain/messages';
import { currencyExponent } from '@domain/project-costs';
import type { JobApplicationStatus, JobStatus, JobSummaryFragment } from '@gql/graphql';

export const JOB_STATUS_LABELS: Readonly<Record<JobStatus, string>> = { DRAFT: 'Draft', OPEN: 'Open', CLOSED: 'Closed' };

/** The stages as the team reads them (docs/product.md §Jobs); the applicant only ever sees New, Hired, Declined or Withdrawn. */
export const STAGE_LABELS: Readonly<Record<JobApplicationStatus, string>> = {
  NEW: 'New',
  SHORTLISTED: 'Shortlisted',
  INTERVIEWING: 'Interviewing',
  HIRED: 'Hired',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
};

/** The stages any active member may move between, in any order. */
export const INTERNAL_STAGES: readonly JobApplicationStatus[] = ['NEW', 'SHORTLISTED', 'INTERVIEWING'];
/** The two decisions: managers only, final. */
export const DECISIONS: readonly JobApplicationStatus[] = ['HIRED', 'DECLINED'];

/** The company's name as a row reads it. */
export function companyName(account: { name?: string | null; username?: string | null }): string {
  return account.name ?? (account.username ? `@${account.username}` : 'A company');
}

/** Minor units in the currency's major units, grouped for reading ("€2,500"). */
function money(amount: number, currency: string): string {
  let exponent = 2;
  try {
    exponent = currencyExponent(currency);
  } catch {
    // A currency the client's table does not know is still shown, in cents-like units.
  }
  const major = amount / 10 ** exponent;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: exponent, minimumFractionDigits: 0 }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

/** "$40–$60", "From €2,000", "Up to ¥500", or "Unpaid". */
export function payText(job: Pick<JobSummaryFragment, 'isUnpaid' | 'pay'>): string | null {
  if (job.isUnpaid) return 'Unpaid';
  const pay = job.pay;
  if (!pay) return null;
  if (pay.min !== null && pay.min !== undefined && pay.max !== null && pay.max !== undefined) {
    return pay.min === pay.max ? money(pay.min, pay.currency) : `${money(pay.min, pay.currency)}–${money(pay.max, pay.currency)}`;
  }
  if (pay.min !== null && pay.min !== undefined) return `From ${money(pay.min, pay.currency)}`;
  if (pay.max !== null && pay.max !== undefined) return `Up to ${money(pay.max, pay.currency)}`;
  return null;
}

/** "Remote", "Lisbon, Portugal", or both for a remote job that names a place. */
export function whereText(job: Pick<JobSummaryFragment, 'isRemote' | 'place'>): string {
  if (job.isRemote) return job.place ? `Remote · ${job.place.name}` : 'Remote';
  return job.place?.name ?? 'Place not given';
}

/** A YYYY-MM-DD day as "Dec 31, 2026", read in UTC as it is stored. */
export function dayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** What the server said when it refused, and whether it was the Teams upgrade check ("Let's work together"). */
export function jobRefusal(error: unknown): { message: string; needsTeamsSubscription: boolean } {
  if (!CombinedGraphQLErrors.is(error)) return { message: MESSAGES.unexpected, needsTeamsSubscription: false };
  const first = error.errors[0];
  const details = first?.extensions?.details as { upgrade?: unknown } | undefined;
  if (!first || first.extensions?.code === 'INTERNAL_SERVER_ERROR') return { message: MESSAGES.unexpected, needsTeamsSubscription: false };
  return { message: first.message, needsTeamsSubscription: details?.upgrade === 'TEAMS' };
}
