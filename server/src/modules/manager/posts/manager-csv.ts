import { networkById } from '../../../../../domain/networks.js';
import type { ManagerPost } from './manager-posts.types.js';

/** The table's columns, in its order; the picture is left out (a CSV holds text). */
export const MANAGER_CSV_HEADER = ['Post', 'Network', 'Account', 'Posted', 'Import status', 'Views', 'Likes', 'Comments', 'Last refreshed', 'Credits'] as const;

const IMPORT_STATUS_WORDS = { pending: 'Pending', imported: 'Imported', failed: 'Failed' } as const;

/**
 * A cell: quoted when needed, and text a spreadsheet would run as a formula (=, +, -, @ first)
 * is prefixed with an apostrophe (the OWASP advice for CSV injection): captions and handles
 * come from strangers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function managerCsvRow(row: ManagerPost): Array<string | number | null> {
  const status = row.importStatus === 'failed' && row.importError ? `Failed: ${row.importError}` : IMPORT_STATUS_WORDS[row.importStatus];
  return [
    row.url,
    networkById(row.networkDatabaseId)?.title ?? null,
    row.accountHandle,
    row.postedAt ? row.postedAt.toISOString() : null,
    status,
    row.views,
    row.likes,
    row.comments,
    row.lastRefreshedAt ? row.lastRefreshedAt.toISOString() : null,
    row.creditCount,
  ];
}

export function managerCsv(rows: readonly ManagerPost[]): string {
  return [MANAGER_CSV_HEADER, ...rows.map(managerCsvRow)].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
