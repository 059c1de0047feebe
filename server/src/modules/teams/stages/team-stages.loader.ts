import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { TeamStage } from './team-stage.entity.js';
import { MAX_STAGES } from './team-stages.service.js';

// One loader per request: the boards of every team in an answer in one query.
const loaders = new WeakMap<EntityManager, DataLoader<number, TeamStage[]>>();

/** The team's board columns, left to right (at most MAX_STAGES), batched per request. */
export function loadStages(em: EntityManager, teamId: number): Promise<TeamStage[]> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, TeamStage[]>(async (teamIds) => {
      const stages = await em.find(TeamStage, { team: { $in: [...teamIds] } }, { orderBy: { position: 'asc', id: 'asc' } });
      return teamIds.map((teamId) => stages.filter((stage) => stage.team.id === teamId).slice(0, MAX_STAGES));
    });
    loaders.set(em, loader);
  }
  return loader.load(teamId);
}
