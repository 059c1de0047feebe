import type { EntityManager } from '@mikro-orm/postgresql';
import { AVAILABILITY_ROLE_IDS, isCalendarDay, MAX_AVAILABILITY_ROLES } from '../../../../domain/availability.js';
import { creditRoleById, type CreditRole } from '../../../../domain/credit-roles.js';
import { idArray, readRows } from '../../db/prepared-read.js';
import { requestLoader } from '../../db/request-loader.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { SqlFragment } from './profile.policy.js';

/** A creator's availability (docs/product.md §Profiles); everyone without a row is not open to work. */
export interface Availability {
  openToWork: boolean;
  roles: CreditRole[];
  /** YYYY-MM-DD, or null: from now. */
  availableFrom: string | null;
}

export const NOT_AVAILABLE: Availability = { openToWork: false, roles: [], availableFrom: null };

interface AvailabilityRow {
  user_id: number;
  open_to_work: boolean;
  role_ids: number[] | string;
  available_from: string | null;
}

function rolesOf(ids: number[] | string): CreditRole[] {
  const list = typeof ids === 'string' ? ids.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : ids.map(Number);
  return list.map((id) => creditRoleById(id)).filter((role): role is CreditRole => role !== undefined);
}

/** One statement per request for every user a page shows. */
const availabilityByUser = requestLoader<number, Availability>(async (em, userIds) => {
  const rows = await readRows<AvailabilityRow>(
    em,
    `select "user_id", "open_to_work", "role_ids", to_char("available_from", 'YYYY-MM-DD') as "available_from" from "creator_availability" where "user_id" = any(?::int[])`,
    [idArray(userIds)],
  );
  const found = new Map(rows.map((row) => [Number(row.user_id), { openToWork: row.open_to_work, roles: rolesOf(row.role_ids), availableFrom: row.available_from }]));
  return userIds.map((id) => found.get(id) ?? NOT_AVAILABLE);
});

export function loadAvailability(em: EntityManager, userId: number): Availability | Promise<Availability> {
  return availabilityByUser.load(em, userId);
}

/** Checks and stores a creator's availability; roles keep the order of the roles table. */
export async function updateAvailability(em: EntityManager, userId: number, input: { openToWork: boolean; roleIds: readonly number[]; availableFrom: string | null }): Promise<Availability> {
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length > MAX_AVAILABILITY_ROLES || roleIds.some((id) => !AVAILABILITY_ROLE_IDS.includes(id))) throw new InvalidInput('Invalid role', { field: 'roleIds' });
  if (input.availableFrom !== null && !isCalendarDay(input.availableFrom)) throw new InvalidInput('Invalid date', { field: 'availableFrom' });
  const ordered = AVAILABILITY_ROLE_IDS.filter((id) => roleIds.includes(id));
  await em.execute(
    `insert into "creator_availability" ("user_id", "open_to_work", "role_ids", "available_from") values (?, ?, ?::smallint[], ?::date)
      on conflict ("user_id") do update set "open_to_work" = excluded."open_to_work", "role_ids" = excluded."role_ids", "available_from" = excluded."available_from", "updated_at" = now()`,
    [userId, input.openToWork, idArray(ordered), input.availableFrom],
  );
  return { openToWork: input.openToWork, roles: rolesOf(ordered), availableFrom: input.availableFrom };
}

/**
 * The creator search's "Open to work" condition on a users row `u`: served by the partial index
 * of the people who are, so the filter narrows before any totals are read.
 */
export function openToWorkCondition(alias: string): SqlFragment {
  return { sql: `${alias}."id" in (select "user_id" from "creator_availability" where "open_to_work")`, params: [] };
}
