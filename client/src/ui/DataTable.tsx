import { useId, useMemo, useState, type ReactNode } from 'react';
import { SelectAllCheckbox } from './SelectAllCheckbox';
import { useScrollable } from './useScrollable';
import './data-table.css';

export type SortDirection = 'ascending' | 'descending';

export interface DataTableSort<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

/** What client-side sorting compares; empty values go last whichever the direction. */
export type SortValue = string | number | null | undefined;

export interface DataTableColumn<Row, Key extends string = string> {
  /** Stable and unique within the table. */
  id: string;
  /** The column's header, and the label before each value in the card layout. */
  header: string;
  /** Read by screen readers only (an actions column): no visible header, no label in the card layout. */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: a button in its header. */
  sortKey?: Key;
  /** What client-side sorting compares; unused when sorting is reported up through onSortChange. */
  sortValue?: (row: Row) => SortValue;
  /** The direction a first click sorts in: ascending unless said (counts and dates read best largest first). */
  firstDirection?: SortDirection;
  align?: 'start' | 'end';
  /** Whether the card layout (narrow screens) lists this column; true unless said. */
  inCard?: boolean;
  /** The cell names its row (`<th scope="row">`); in the card layout it is the card's title. */
  rowHeader?: boolean;
}

export interface DataTableSelection<Row> {
  selected: ReadonlySet<string>;
  /** Rows (by key) turned on or off: one row, or every row from the header's checkbox. */
  onChange: (keys: string[], on: boolean) => void;
  /** The row's name, which labels its checkbox ("Select …"). */
  rowName: (row: Row) => string;
}

export interface DataTableProps<Row, Key extends string = string> {
  /** Names the table for everyone; shown unless captionHidden. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: ReadonlyArray<DataTableColumn<Row, Key>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The sort shown. Without onSortChange it is only where client-side sorting starts. */
  sort?: DataTableSort<Key> | null;
  /**
   * Sorting reported up: the table shows `sort` and leaves the rows in the order given, so a list
   * sorted by the server (a paged one) stays sorted there. Without it, the table sorts the rows itself.
   */
  onSortChange?: (sort: DataTableSort<Key>) => void;
  selection?: DataTableSelection<Row>;
  /** Rows are on their way: skeleton rows while there are none yet, and `aria-busy` meanwhile. */
  loading?: boolean;
  /** Said instead of the table when there are no rows and none are loading. */
  empty?: ReactNode;
  className?: string;
  testId?: string;
  rowTestId?: string;
}

const SKELETON_ROWS = 3;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

function isEmpty(value: SortValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function sortedRows<Row, Key extends string>(rows: readonly Row[], columns: ReadonlyArray<DataTableColumn<Row, Key>>, sort: DataTableSort<Key> | null): readonly Row[] {
  const sortValue = sort ? columns.find((column) => column.sortKey === sort.key)?.sortValue : undefined;
  if (!sort || !sortValue) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row) }))
    .sort((a, b) => {
      if (isEmpty(a.value) || isEmpty(b.value)) return Number(isEmpty(a.value)) - Number(isEmpty(b.value)) || a.index - b.index;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map(({ row }) => row);
}

function cellClass<Row, Key extends string>(column: DataTableColumn<Row, Key>, base: string): string {
  const classes = [base];
  if (column.align === 'end') classes.push('data-table__cell--end');
  if (column.inCard === false) classes.push('data-table__cell--no-card');
  return classes.join(' ');
}

function SortArrow({ direction }: { direction: SortDirection | null }) {
  return (
    <span className={direction ? 'data-table__arrow' : 'data-table__arrow data-table__arrow--idle'} aria-hidden="true">
      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
    </span>
  );
}

/**
 * The one data table: a caption, a sticky header, sortable columns (buttons in the headers with
 * `aria-sort`), optional row selection, loading and empty states, and below 480 px a card per row
 * listing label: value pairs. One DOM for both layouts: the cards are the same rows restyled
 * (data-table.css), so the table's semantics, kept by explicit roles, hold at every width.
 */
export function DataTable<Row, Key extends string = string>(props: DataTableProps<Row, Key>) {
  const { caption, captionHidden, columns, rows, rowKey, onSortChange, selection, loading = false, empty, className, testId, rowTestId } = props;
  const captionId = useId();
  const [scrollRef, scrollable] = useScrollable<HTMLDivElement>();
  const [ownSort, setOwnSort] = useState<DataTableSort<Key> | null>(props.sort ?? null);
  const sort = onSortChange ? (props.sort ?? null) : ownSort;
  const shownRows = useMemo(() => (onSortChange ? rows : sortedRows(rows, columns, ownSort)), [onSortChange, rows, columns, ownSort]);

  if (rows.length === 0 && !loading && empty !== undefined) return <p className="data-table__empty">{empty}</p>;

  const sortBy = (column: DataTableColumn<Row, Key>) => {
    const key = column.sortKey;
    if (key === undefined) return;
    const flipped: SortDirection = sort?.direction === 'ascending' ? 'descending' : 'ascending';
    const next = { key, direction: sort?.key === key ? flipped : (column.firstDirection ?? 'ascending') };
    if (onSortChange) onSortChange(next);
    else setOwnSort(next);
  };

  const keys = shownRows.map(rowKey);
  const selectedCount = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div
      ref={scrollRef}
      className="data-table__scroll"
      // A box that scrolls must be reachable by keyboard; named by the caption it holds.
      {...(scrollable ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
    >
      <table role="table" className={className ? `data-table ${className}` : 'data-table'} aria-busy={loading || undefined} data-testid={testId}>
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : 'data-table__caption'}>
          {caption}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {selection && (
              <th role="columnheader" scope="col" className="data-table__select">
                <SelectAllCheckbox
                  checked={keys.length > 0 && selectedCount === keys.length}
                  indeterminate={selectedCount > 0 && selectedCount < keys.length}
                  disabled={keys.length === 0}
                  onChange={(on) => selection.onChange(keys, on)}
                />
              </th>
            )}
            {columns.map((column) => {
              const direction = sort && column.sortKey !== undefined && sort.key === column.sortKey ? sort.direction : null;
              const plain = column.sortKey === undefined;
              return (
                <th key={column.id} role="columnheader" scope="col" aria-sort={direction ?? undefined} className={cellClass(column, plain ? 'data-table__th data-table__th--plain' : 'data-table__th')}>
                  {plain ? (
                    <span className={column.headerHidden ? 'visually-hidden' : undefined}>{column.header}</span>
                  ) : (
                    <button type="button" className="data-table__sort" onClick={() => sortBy(column)}>
                      {column.header}
                      <SortArrow direction={direction} />
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 && loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} role="row" className="data-table__skeleton-row" aria-hidden="true">
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <td key={cell} role="cell">
                      <span className="data-table__skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : shownRows.map((row, index) => {
                const key = keys[index]!;
                return (
                  <tr key={key} role="row" data-testid={rowTestId}>
                    {selection && (
                      <td role="cell" className="data-table__select">
                        <input type="checkbox" aria-label={`Select ${selection.rowName(row)}`} checked={selection.selected.has(key)} onChange={(event) => selection.onChange([key], event.target.checked)} />
                      </td>
                    )}
                    {columns.map((column) => {
                      const label = column.headerHidden || column.rowHeader ? undefined : column.header;
                      return column.rowHeader ? (
                        <th key={column.id} role="rowheader" scope="row" className={cellClass(column, 'data-table__cell data-table__cell--title')}>
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.id} role="cell" data-label={label} className={cellClass(column, 'data-table__cell')}>
                          {column.cell(row)}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}
