import type { EntityManager } from '@mikro-orm/postgresql';
import { SeededTable } from '../../db/seeded-table.js';
import { Network } from './network.entity.js';

/** The social networks Byline knows: seeded by the first migration, never written at run time. */
export const NETWORKS = new SeededTable(Network);

/** The social networks Byline knows, in id order. */
export function listNetworks(em: EntityManager): Promise<Network[]> {
  return NETWORKS.list(em);
}
