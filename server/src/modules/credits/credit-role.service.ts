import type { EntityManager } from '@mikro-orm/postgresql';
import { SeededTable } from '../../db/seeded-table.js';
import { CreditRole } from './credit-role.entity.js';

/** The roles a person can be credited for: seeded by the first migration, never written at run time. */
export const CREDIT_ROLES = new SeededTable(CreditRole);

/** The roles a person can be credited for, in display (id) order. */
export function listCreditRoles(em: EntityManager): Promise<CreditRole[]> {
  return CREDIT_ROLES.list(em);
}
