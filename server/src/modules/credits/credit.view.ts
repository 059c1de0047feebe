import type { CreditStatus } from '../../../../domain/enums.js';
import { timestampFromColumn } from '../../db/references.js';

/**
 * What the GraphQL `Credit` type reads of a credit: a `Credit` entity fits, and so does a row read
 * for display only (`creditViewFromColumns`), which skips the ORM's hydration, identity map and
 * reference shells (the feed's credits were a sixth of its CPU as entities). Relations are ids;
 * field resolvers load them through batched loaders.
 */
export interface CreditView {
  id: number;
  post: { id: number };
  user: { id: number } | null;
  role: { id: number };
  status: CreditStatus;
  addedBy: { id: number } | null;
  inviteeEmail: string | null;
  inviteeAccount: { id: number } | null;
  respondedAt: Date | null;
  createdAt: Date;
}

/** The credits columns a `CreditView` is made of (`creditViewColumns`, as `em.execute` returns them). */
export interface CreditColumns {
  id: number;
  post_id: number;
  user_id: number | null;
  role_id: number;
  status: CreditStatus;
  added_by_id: number | null;
  invitee_email: string | null;
  invitee_account_id: number | null;
  responded_at: string | Date | null;
  created_at: string | Date;
}

const COLUMNS: ReadonlyArray<keyof CreditColumns> = ['id', 'post_id', 'user_id', 'role_id', 'status', 'added_by_id', 'invitee_email', 'invitee_account_id', 'responded_at', 'created_at'];

/**
 * The select list for `CreditColumns` over the credits table under `alias` (no claim token hash:
 * no view reads it), each column named `${prefix}${column}` when a prefix is given.
 */
export function creditViewColumns(alias: string, prefix = ''): string {
  return COLUMNS.map((column) => `${alias}."${column}"${prefix ? ` as "${prefix}${column}"` : ''}`).join(', ');
}

/** A `CreditView` from the columns `creditViewColumns(alias, prefix)` selected in another statement's row, or null when that row has none. */
export function creditViewFromPrefixedColumns(row: Record<string, unknown>, prefix: string): CreditView | null {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return null;
  const columns = Object.fromEntries(COLUMNS.map((column) => [column, row[`${prefix}${column}`]])) as unknown as CreditColumns;
  return creditViewFromColumns(columns);
}

const byId = (id: number | null) => (id === null ? null : { id: Number(id) });

export function creditViewFromColumns(row: CreditColumns): CreditView {
  return {
    id: Number(row.id),
    post: { id: Number(row.post_id) },
    user: byId(row.user_id),
    role: { id: Number(row.role_id) },
    status: row.status,
    addedBy: byId(row.added_by_id),
    inviteeEmail: row.invitee_email,
    inviteeAccount: byId(row.invitee_account_id),
    respondedAt: row.responded_at === null ? null : timestampFromColumn(row.responded_at),
    createdAt: timestampFromColumn(row.created_at),
  };
}
