import { openToWorkText } from '@domain/availability';
import './availability-badge.css';

export interface AvailabilityBadgeProps {
  availability: { openToWork: boolean; availableFrom?: string | null; roles: ReadonlyArray<{ name: string; emoji: string }> } | null | undefined;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * "Open to work" and the roles, on a profile and a creator card (docs/product.md §Profiles);
 * nothing for someone who is not.
 */
export function AvailabilityBadge({ availability }: AvailabilityBadgeProps) {
  if (!availability?.openToWork) return null;
  const roles = availability.roles.map((role) => role.name).join(', ');
  return (
    <p className="availability-badge">
      <span className="availability-badge__status">{openToWorkText(availability.availableFrom ?? null, todayUtc())}</span>
      {roles && <span className="availability-badge__roles"> · {roles}</span>}
    </p>
  );
}
