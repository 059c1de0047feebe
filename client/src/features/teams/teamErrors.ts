import { CombinedGraphQLErrors } from '@apollo/client';
import * as MESSAGES from '@domain/messages';

/** What the server said when it refused a team action, and whether it was the Teams upgrade check. */
export interface TeamRefusal {
  message: string;
  /** The upgrade check refused: show "Let's work together" instead of the message. */
  needsTeamsSubscription: boolean;
}

/** The server refused because the person has not acknowledged the terms (docs/product.md §Access): offer to finish signing up. */
export function needsToFinishSignUp(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((problem) => problem.message === MESSAGES.finishSignUp);
}

/**
 * The server's own words for an expected refusal (seats taken, last manager, a used invitation);
 * `fallback` (the spec's "Error creating team", say) when the call failed for another reason.
 */
export function teamRefusal(error: unknown, fallback: string = MESSAGES.unexpected): TeamRefusal {
  if (!CombinedGraphQLErrors.is(error)) return { message: fallback, needsTeamsSubscription: false };
  const first = error.errors[0];
  const code = first?.extensions?.code;
  const details = first?.extensions?.details as { upgrade?: unknown } | undefined;
  if (!first || code === 'INTERNAL_SERVER_ERROR') return { message: fallback, needsTeamsSubscription: false };
  return { message: first.message, needsTeamsSubscription: details?.upgrade === 'TEAMS' };
}

/** The member roles of docs/product.md §Teams as people read them. */
export const ROLE_LABELS = { MANAGER: 'Manager', MEMBER: 'Member', PRO_ONLY: 'PRO only' } as const;
export const STATUS_LABELS = { ACTIVE: 'Active', INACTIVE: 'Inactive', INVITED: 'Invited' } as const;

/** A team's plan where nobody can pay: every team's tools are open (docs/product.md §Paid access). */
export const PLANS_OPEN_STATUS = 'Team tools open to every team here';

/** A team's plan as the team list shows it. */
export function planStatus(subscriptionActive: boolean, plansOpen: boolean): string {
  if (subscriptionActive) return 'Subscription active';
  return plansOpen ? PLANS_OPEN_STATUS : 'No subscription yet';
}
