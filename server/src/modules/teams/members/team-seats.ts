import type { EntityManager } from '@mikro-orm/postgresql';
import { BASE_SEATS, GRANTING_STATUSES, PLAN_TITLES } from '../../../../../domain/plans.js';
import type { Team } from '../team.entity.js';

export interface SeatLimit {
  planTitle: string;
  seats: number;
}

/**
 * How many seats a team has: what its current subscription pays for (base seats plus extra ones
 * bought through changeTeamSeats), else its plan's base seats (docs/product.md §Teams: Teams Plan
 * 10, Starter Plan 3; a team billed by invoice). A team on no plan has no limit to name yet:
 * inviting then already needs an admin (the upgrade check).
 */
export async function seatLimitOf(em: EntityManager, team: Team): Promise<SeatLimit | null> {
  if (!team.plan) return null;
  return seatLimitFrom(team, await teamSubscriptions(em, [team.id]));
}

/** What seats need of a team's subscription (billing writes them; seats only read them). */
export interface TeamSubscriptionSeats {
  teamId: number;
  plan: string;
  status: string;
  seats: number;
}

/** The subscriptions of these teams, newest first, read as rows: the billing module owns the table. */
export async function teamSubscriptions(em: EntityManager, teamIds: readonly number[]): Promise<TeamSubscriptionSeats[]> {
  if (teamIds.length === 0) return [];
  const rows = await em.execute<Array<{ team_id: number; plan: string; status: string; seats: number }>>(
    `select "team_id", "plan", "status", "seats" from "subscriptions" where "team_id" in (?) order by "created_at" desc, "id" desc`,
    [[...teamIds]],
  );
  return rows.map((row) => ({ teamId: Number(row.team_id), plan: row.plan, status: row.status, seats: Number(row.seats) }));
}

/** The rule of seatLimitOf over the team's subscriptions already read (newest first; other teams' and plans' are skipped). */
export function seatLimitFrom(team: Pick<Team, 'id' | 'plan'>, subscriptions: readonly TeamSubscriptionSeats[]): SeatLimit | null {
  if (!team.plan) return null;
  const paying = subscriptions.find((subscription) => subscription.teamId === team.id && subscription.plan === team.plan && GRANTING_STATUSES.has(subscription.status));
  return { planTitle: PLAN_TITLES[team.plan], seats: Math.max(paying?.seats ?? 0, BASE_SEATS[team.plan]) };
}

/** The SQL of seatsTaken for many teams at once: `team_id` and `taken` per team (bindings: now, team ids). */
export const SEATS_TAKEN_SQL = `select t."id" as team_id,
          (select count(*) from "team_members" m where m."team_id" = t."id" and m."status" in ('active', 'invited'))
        + (select count(*) from "invitations" i where i."team_id" = t."id" and i."accepted_at" is null and i."expires_at" > ?) as taken
   from "teams" t where t."id" in (?)`;

/** Seats taken: active and invited members (pro_only ones too) and invitations still open. */
export async function seatsTaken(em: EntityManager, teamId: number, now: Date): Promise<number> {
  const [row] = await em.execute<Array<{ taken: string | number }>>(
    `select (select count(*) from "team_members" where "team_id" = ? and "status" in ('active', 'invited'))
          + (select count(*) from "invitations" where "team_id" = ? and "accepted_at" is null and "expires_at" > ?) as taken`,
    [teamId, teamId, now],
  );
  return Number(row?.taken ?? 0);
}
