import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { CurrencyTotal } from '../../../../domain/project-costs.js';
import { sumCosts } from './cost.service.js';
import { ProjectCollaborator } from './project.entity.js';

/*
 * Per-request batch loaders for cost fields, keyed by the request's EntityManager as
 * project.loaders.ts does: a page of projects or costs costs one query per field.
 */

const totalsLoaders = new WeakMap<EntityManager, DataLoader<number, CurrencyTotal[]>>();
const payeeLoaders = new WeakMap<EntityManager, DataLoader<number, ProjectCollaborator | null>>();

/** A project's totals per currency and category. */
export function loadCostTotals(em: EntityManager, projectId: number): Promise<CurrencyTotal[]> {
  let loader = totalsLoaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const sums = await sumCosts(em, ids);
      return ids.map((id) => sums.get(id) ?? []);
    });
    totalsLoaders.set(em, loader);
  }
  return loader.load(projectId);
}

/** The collaborators costs were paid to. */
export function loadPayee(em: EntityManager, collaboratorId: number): Promise<ProjectCollaborator | null> {
  let loader = payeeLoaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const byId = new Map((await em.find(ProjectCollaborator, { id: { $in: [...ids] } })).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    payeeLoaders.set(em, loader);
  }
  return loader.load(collaboratorId);
}

/** Forgets the totals this request read (after a change made within it). */
export function forgetCostTotals(em: EntityManager): void {
  totalsLoaders.delete(em);
}
