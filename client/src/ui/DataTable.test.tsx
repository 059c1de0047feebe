import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableSort } from './DataTable';

interface Film {
  id: string;
  title: string;
  views: number | null;
}

const FILMS: Film[] = [
  { id: 'b', title: 'Breakwater', views: 1_200 },
  { id: 'a', title: 'Aurora', views: null },
  { id: 'c', title: 'Cinder', views: 90 },
];

type FilmSort = 'title' | 'views';

const COLUMNS: ReadonlyArray<DataTableColumn<Film, FilmSort>> = [
  { id: 'title', header: 'Title', rowHeader: true, cell: (film) => film.title, sortKey: 'title', sortValue: (film) => film.title },
  { id: 'views', header: 'Views', align: 'end', cell: (film) => film.views ?? '–', sortKey: 'views', sortValue: (film) => film.views, firstDirection: 'descending' },
  { id: 'note', header: 'Note', inCard: false, cell: () => 'fine' },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: (film) => <button type="button">Open {film.title}</button> },
];

function table() {
  return within(screen.getByRole('table', { name: 'Films' }));
}

/** The body rows' titles, in the order shown. */
function titles(): string[] {
  return table()
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

function SelectingTable() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      caption="Films"
      columns={COLUMNS}
      rows={FILMS}
      rowKey={(film) => film.id}
      selection={{
        selected,
        rowName: (film) => film.title,
        onChange: (keys, on) => {
          const next = new Set(selected);
          for (const key of keys) {
            if (on) next.add(key);
            else next.delete(key);
          }
          setSelected(next);
        },
      }}
    />
  );
}

describe('DataTable', () => {
  it('names itself by its caption, labels each cell for the card layout and marks the row header', () => {
    render(<DataTable caption="Films" captionHidden columns={COLUMNS} rows={FILMS} rowKey={(film) => film.id} />);
    expect(screen.getByText('Films').className).toBe('visually-hidden');
    expect(table().getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Title↕', 'Views↕', 'Note', 'Actions']);
    const firstRow = table().getAllByRole('row')[1]!;
    expect(within(firstRow).getByRole('rowheader').textContent).toBe('Breakwater');
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Views', 'Note', null]);
    expect(cells.map((cell) => cell.textContent)).toEqual(['1200', 'fine', 'Open Breakwater']);
    expect(cells[0]!.className).toContain('data-table__cell--end');
    expect(cells[1]!.className).toContain('data-table__cell--no-card');
    // The sort arrows are seen, not heard: the buttons are named by the header alone.
    expect(table().getByRole('button', { name: 'Views' })).toBeTruthy();
  });

  it('sorts its own rows when a header is pressed, flips on a second press, and keeps empty values last', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Films" columns={COLUMNS} rows={FILMS} rowKey={(film) => film.id} />);
    expect(titles()).toEqual(['Breakwater', 'Aurora', 'Cinder']);
    expect(table().getAllByRole('columnheader').some((header) => header.hasAttribute('aria-sort'))).toBe(false);

    await user.click(table().getByRole('button', { name: 'Title' }));
    expect(titles()).toEqual(['Aurora', 'Breakwater', 'Cinder']);
    expect(table().getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(table().getByRole('button', { name: 'Title' }));
    expect(titles()).toEqual(['Cinder', 'Breakwater', 'Aurora']);
    expect(table().getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('descending');

    // Counts start largest first; a row with no number stays last either way.
    await user.click(table().getByRole('button', { name: 'Views' }));
    expect(titles()).toEqual(['Breakwater', 'Cinder', 'Aurora']);
    expect(table().getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort')).toBe('descending');
    expect(table().getByRole('columnheader', { name: 'Title' }).hasAttribute('aria-sort')).toBe(false);
    await user.click(table().getByRole('button', { name: 'Views' }));
    expect(titles()).toEqual(['Cinder', 'Breakwater', 'Aurora']);
  });

  it('reports sorting up and leaves the order to its owner when told onSortChange', async () => {
    const user = userEvent.setup();
    const asked: Array<DataTableSort<FilmSort>> = [];
    function ServerSorted() {
      const [sort, setSort] = useState<DataTableSort<FilmSort>>({ key: 'views', direction: 'descending' });
      return (
        <DataTable
          caption="Films"
          columns={COLUMNS}
          rows={FILMS}
          rowKey={(film) => film.id}
          sort={sort}
          onSortChange={(next) => {
            asked.push(next);
            setSort(next);
          }}
        />
      );
    }
    render(<ServerSorted />);
    expect(table().getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort')).toBe('descending');
    await user.click(table().getByRole('button', { name: 'Views' }));
    await user.click(table().getByRole('button', { name: 'Title' }));
    expect(asked).toEqual([
      { key: 'views', direction: 'ascending' },
      { key: 'title', direction: 'ascending' },
    ]);
    expect(table().getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    expect(titles()).toEqual(['Breakwater', 'Aurora', 'Cinder']);
  });

  it('selects rows by checkboxes named after each row, with a select-all that shows a partial selection', async () => {
    const user = userEvent.setup();
    render(<SelectingTable />);
    const all = table().getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    const aurora = table().getByRole<HTMLInputElement>('checkbox', { name: 'Select Aurora' });

    await user.click(aurora);
    expect(aurora.checked).toBe(true);
    expect([all.checked, all.indeterminate]).toEqual([false, true]);

    await user.click(all);
    expect(table().getAllByRole<HTMLInputElement>('checkbox').map((box) => box.checked)).toEqual([true, true, true, true]);
    expect(all.indeterminate).toBe(false);

    await user.click(all);
    expect(table().getAllByRole<HTMLInputElement>('checkbox').map((box) => box.checked)).toEqual([false, false, false, false]);
  });

  it('reaches every sort button and checkbox by Tab, in reading order', async () => {
    const user = userEvent.setup();
    render(<SelectingTable />);
    const expected = [
      table().getByRole('checkbox', { name: 'Select all' }),
      table().getByRole('button', { name: 'Title' }),
      table().getByRole('button', { name: 'Views' }),
      table().getByRole('checkbox', { name: 'Select Breakwater' }),
      table().getByRole('button', { name: 'Open Breakwater' }),
      table().getByRole('checkbox', { name: 'Select Aurora' }),
    ];
    for (const element of expected) {
      await user.tab();
      expect(document.activeElement).toBe(element);
    }
  });

  it('shows skeleton rows while the first rows load, busy, and says when there are none', () => {
    const { rerender } = render(<DataTable caption="Films" columns={COLUMNS} rows={[]} rowKey={(film) => film.id} loading empty="No films yet." />);
    const busy = screen.getByRole('table', { name: 'Films' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // The skeleton is only seen: no rows or cells for a screen reader to read.
    expect(within(busy).getAllByRole('row')).toHaveLength(1);
    expect(busy.querySelectorAll('.data-table__skeleton-row')).toHaveLength(3);

    rerender(<DataTable caption="Films" columns={COLUMNS} rows={[]} rowKey={(film) => film.id} empty="No films yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No films yet.')).toBeTruthy();

    rerender(<DataTable caption="Films" columns={COLUMNS} rows={FILMS} rowKey={(film) => film.id} loading empty="No films yet." />);
    expect(screen.getByRole('table', { name: 'Films' }).getAttribute('aria-busy')).toBe('true');
    expect(titles()).toEqual(['Breakwater', 'Aurora', 'Cinder']);
  });
});
