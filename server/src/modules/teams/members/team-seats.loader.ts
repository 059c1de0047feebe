import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Team } from '../team.entity.js';
import { SEATS_TAKEN_SQL, seatLimitFrom, teamSubscriptions, type SeatLimit } from './team-seats.js';

interface SeatLoaders {
  limits: DataLoader<Team, SeatLimit | null, number>;
  taken: DataLoader<number, number>;
}

// One pair per request: the seats of every team in an answer (viewerTeams, nodes) in one query each.
const loaders = new WeakMap<EntityManager, SeatLoaders>();

function seatLoaders(em: EntityManager): SeatLoaders {
  let found = loaders.get(em);
  if (!found) {
    found = {
      limits: new DataLoader<Team, SeatLimit | null, number>(
        async (teams) => {
          const withPlan = teams.filter((team) => team.plan !== null).map((team) => team.id);
          const subscriptions = await teamSubscriptions(em, withPlan);
          return teams.map((team) => seatLimitFrom(team, subscriptions));
        },
        { cacheKeyFn: (team) => team.id },
      ),
      taken: new DataLoader<number, number>(async (teamIds) => {
        const rows = await em.execute<Array<{ team_id: number; taken: string | number }>>(SEATS_TAKEN_SQL, [new Date(), [...teamIds]]);
        const byTeam = new Map(rows.map((row) => [Number(row.team_id), Number(row.taken)]));
        return teamIds.map((id) => byTeam.get(id) ?? 0);
      }),
    };
    loaders.set(em, found);
  }
  return found;
}

/** The team's seats (team-seats.ts's rule), batched per request. */
export function loadSeatLimit(em: EntityManager, team: Team): Promise<SeatLimit | null> {
  return seatLoaders(em).limits.load(team);
}

/** Seats taken (team-seats.ts's rule), batched per request. */
export function loadSeatsTaken(em: EntityManager, teamId: number): Promise<number> {
  return seatLoaders(em).taken.load(teamId);
}
