import type { EntityManager } from '@mikro-orm/postgresql';
import { BASE_SEATS, PLAN_TITLES } from '../../../../../domain/plans.js';
import { BillingSubscription } from '../../billing/billing-subscription.entity.js';
import { GRANTING_STATUSES } from '../../billing/billing.enums.js';
import type { Team } from '../team.entity.js';

export interface SeatLimit {
  planTitle: string;
  seats: number;
}

/**
 * How many seats a team has: what its current subscription pays for (base seats plus extra ones
 * bought through changeTeamSeats), else its plan's base seats (spec 9: Teams Plan 10, Starter
 * Plan 3; a team billed by invoice). A team on no plan has no limit to name yet: inviting then
 * already needs an admin (the upgrade check).
 */
export async function seatLimitOf(em: EntityManager, team: Team): Promise<SeatLimit | null> {
  if (!team.plan) return null;
  const subscriptions = await em.find(BillingSubscription, { team: team.id, plan: team.plan }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const paying = subscriptions.find((subscription) => GRANTING_STATUSES.has(subscription.status));
  return { planTitle: PLAN_TITLES[team.plan], seats: Math.max(paying?.seats ?? 0, BASE_SEATS[team.plan]) };
}

/** Seats taken: active and invited members (pro_only ones too) and invitations still open. */
export async function seatsTaken(em: EntityManager, teamId: number, now: Date): Promise<number> {
  const [row] = await em.execute<Array<{ taken: string | number }>>(
    `select (select count(*) from "team_members" where "team_id" = ? and "status" in ('active', 'invited'))
          + (select count(*) from "invitations" where "team_id" = ? and "accepted_at" is null and "expires_at" > ?) as taken`,
    [teamId, teamId, now],
  );
  return Number(row?.taken ?? 0);
}
