import type { EntityManager } from '@mikro-orm/postgresql';
import { Network } from './network.entity.js';

/** The social networks Byline knows (a small seeded table), in id order. */
export function listNetworks(em: EntityManager): Promise<Network[]> {
  return em.find(Network, {}, { orderBy: { id: 'asc' } });
}
