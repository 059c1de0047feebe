import { Link } from '@router';
import { formatCount } from '@domain/format';
import { networkById } from '@domain/networks';
import type { ManagerPostSort, ManagerPostSortField, ManagerRowFragment } from '@gql/graphql';
import { PostPicture } from '@ui/PostPicture';

export function rowKey(row: ManagerRowFragment): string {
  return row.post?.id ?? `link:${row.url}`;
}

const COLUMNS: ReadonlyArray<{ field: ManagerPostSortField; label: string }> = [
  { field: 'NETWORK', label: 'Network' },
  { field: 'ACCOUNT', label: 'Account' },
  { field: 'POSTED_AT', label: 'Posted' },
  { field: 'IMPORT_STATUS', label: 'Import status' },
  { field: 'VIEWS', label: 'Views' },
  { field: 'LIKES', label: 'Likes' },
  { field: 'COMMENTS', label: 'Comments' },
  { field: 'LAST_REFRESHED', label: 'Last refreshed' },
  { field: 'CREDITS', label: 'Credits' },
];

const STATUS_WORDS = { PENDING: 'Pending', IMPORTED: 'Imported', FAILED: 'Failed' } as const;

function day(value: unknown): string {
  return typeof value === 'string' ? new Date(value).toLocaleDateString() : '';
}

function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatCount(value);
}

interface ManagerTableProps {
  rows: ManagerRowFragment[];
  sort: ManagerPostSort;
  onSort: (sort: ManagerPostSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (keys: string[], on: boolean) => void;
}

export function ManagerTable({ rows, sort, onSort, selected, onSelect }: ManagerTableProps) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));
  const sortBy = (field: ManagerPostSortField) => onSort({ field, direction: sort.field === field && sort.direction === 'DESC' ? 'ASC' : 'DESC' });
  return (
    <div className="manager__table-scroll">
      <table className="manager__table" data-testid="manager-table">
        <thead>
          <tr>
            <th scope="col">
              <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={(event) => onSelect(rows.map(rowKey), event.target.checked)} />
            </th>
            <th scope="col">Picture</th>
            {COLUMNS.map((column) => (
              <th key={column.field} scope="col" aria-sort={sort.field === column.field ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="manager__sort" onClick={() => sortBy(column.field)}>
                  {column.label}
                  {sort.field === column.field ? (sort.direction === 'ASC' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const network = networkById(row.networkDatabaseId);
            return (
              <tr key={key} data-testid="manager-row">
                <td>
                  <input type="checkbox" aria-label={`Select ${row.url}`} checked={selected.has(key)} onChange={(event) => onSelect([key], event.target.checked)} />
                </td>
                <td>
                  <PostPicture className="manager__thumb" src={row.thumbnailUrl} network={network ?? { title: 'Unknown network' }} width={48} height={48} />
                </td>
                <td>{network?.title ?? ''}</td>
                <td>{row.post ? <Link to={`/posts/${row.post.databaseId}`}>{row.accountHandle ? `@${row.accountHandle}` : row.url}</Link> : <span className="manager__url">{row.url}</span>}</td>
                <td>{day(row.postedAt)}</td>
                <td>
                  {STATUS_WORDS[row.importStatus]}
                  {row.importStatus === 'FAILED' && row.importError ? `: ${row.importError}` : ''}
                  {row.isDeleted ? ' (deleted)' : ''}
                </td>
                <td data-column="views">{count(row.views)}</td>
                <td data-column="likes">{count(row.likes)}</td>
                <td data-column="comments">{count(row.comments)}</td>
                <td>{day(row.lastRefreshedAt)}</td>
                <td>{row.creditCount}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
