import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditRole } from './credit-role.entity.js';

/** The roles a person can be credited for (a small seeded table), in display order. */
export function listCreditRoles(em: EntityManager): Promise<CreditRole[]> {
  return em.find(CreditRole, {}, { orderBy: { id: 'asc' } });
}
