import { Link } from '@router';
import { formatCount } from '@domain/format';
import { networkById } from '@domain/networks';
import type { ManagerPostSort, ManagerPostSortField, ManagerRowFragment } from '@gql/graphql';
import { DataTable, type DataTableColumn, type DataTableSort } from '@ui/DataTable';
import { PostPicture } from '@ui/PostPicture';

export function rowKey(row: ManagerRowFragment): string {
  return row.post?.id ?? `link:${row.url}`;
}

const STATUS_WORDS = { PENDING: 'Pending', IMPORTED: 'Imported', FAILED: 'Failed' } as const;

function day(value: unknown): string {
  return typeof value === 'string' ? new Date(value).toLocaleDateString() : '';
}

function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatCount(value);
}

type Column = DataTableColumn<ManagerRowFragment, ManagerPostSortField>;

/** Every sortable column asks the server, largest or newest first on a first press. */
function sortable(field: ManagerPostSortField, header: string, cell: Column['cell'], extra: Partial<Column> = {}): Column {
  return { id: field, header, cell, sortKey: field, firstDirection: 'descending', ...extra };
}

const COLUMNS: readonly Column[] = [
  {
    id: 'picture',
    header: 'Picture',
    cell: (row) => <PostPicture className="manager__thumb" src={row.thumbnailUrl} network={networkById(row.networkDatabaseId) ?? { title: 'Unknown network' }} width={48} height={48} />,
  },
  sortable('NETWORK', 'Network', (row) => networkById(row.networkDatabaseId)?.title ?? ''),
  sortable('ACCOUNT', 'Account', (row) =>
    row.post ? <Link to={`/posts/${row.post.databaseId}`}>{row.accountHandle ? `@${row.accountHandle}` : row.url}</Link> : <span className="manager__url">{row.url}</span>,
  ),
  sortable('POSTED_AT', 'Posted', (row) => day(row.postedAt)),
  sortable('IMPORT_STATUS', 'Import status', (row) => (
    <>
      {STATUS_WORDS[row.importStatus]}
      {row.importStatus === 'FAILED' && row.importError ? `: ${row.importError}` : ''}
      {row.isDeleted ? ' (deleted)' : ''}
    </>
  )),
  sortable('VIEWS', 'Views', (row) => count(row.views), { align: 'end' }),
  sortable('LIKES', 'Likes', (row) => count(row.likes), { align: 'end' }),
  sortable('COMMENTS', 'Comments', (row) => count(row.comments), { align: 'end' }),
  sortable('LAST_REFRESHED', 'Last refreshed', (row) => day(row.lastRefreshedAt)),
  sortable('CREDITS', 'Credits', (row) => row.creditCount, { align: 'end' }),
];

const DIRECTIONS = { ASC: 'ascending', DESC: 'descending' } as const;

interface ManagerTableProps {
  rows: ManagerRowFragment[];
  /** The first page is on its way. */
  loading: boolean;
  sort: ManagerPostSort;
  onSort: (sort: ManagerPostSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (keys: string[], on: boolean) => void;
  /** Some filter narrows the rows: an empty table then says so, not that there are no posts. */
  filtered: boolean;
}

/** The Content Manager's table: sorted by the server (every page in one order), rows selectable. */
export function ManagerTable({ rows, loading, sort, onSort, selected, onSelect, filtered }: ManagerTableProps) {
  const shownSort: DataTableSort<ManagerPostSortField> = { key: sort.field, direction: DIRECTIONS[sort.direction ?? 'DESC'] };
  return (
    <DataTable
      caption="Your posts"
      captionHidden
      className="manager__table"
      testId="manager-table"
      rowTestId="manager-row"
      columns={COLUMNS}
      rows={rows}
      rowKey={rowKey}
      loading={loading}
      empty={filtered ? 'No posts match these filters.' : 'No posts here yet. Track a link, or add several at once with Bulk import.'}
      sort={shownSort}
      onSortChange={(next) => onSort({ field: next.key, direction: next.direction === 'ascending' ? 'ASC' : 'DESC' })}
      selection={{ selected, onChange: onSelect, rowName: (row) => row.url }}
    />
  );
}
