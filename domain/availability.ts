/**
 * Availability (docs/product.md §Profiles): a creator says whether they are open to work, for
 * which credit roles and from which day. Shared by the settings form and the server's check.
 */
import { CREDIT_ROLES } from './credit-roles.js';

export { isCalendarDay } from './events.js';

/** The roles one person may name: every credit role but Brand, which is not a creator's. */
export const AVAILABILITY_ROLE_IDS: readonly number[] = CREDIT_ROLES.filter((role) => role.name !== 'Brand').map((role) => role.id);
export const MAX_AVAILABILITY_ROLES = AVAILABILITY_ROLE_IDS.length;

export const OPEN_TO_WORK_LABEL = 'Open to work';

/** "Open to work from 3 March 2027" when the day is still to come (UTC), else "Open to work". */
export function openToWorkText(availableFrom: string | null, today: string): string {
  if (!availableFrom || availableFrom <= today) return OPEN_TO_WORK_LABEL;
  const day = new Date(`${availableFrom}T00:00:00Z`);
  return `${OPEN_TO_WORK_LABEL} from ${day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}
