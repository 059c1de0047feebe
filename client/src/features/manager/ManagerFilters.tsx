import { useId } from 'react';
import { formatCount } from '@domain/format';
import { NETWORK_LIST } from '@domain/networks';
import type { ImportStatus, ManagerPostFilter } from '@gql/graphql';
import { DateRange } from '@ui/DateRange';
import { FilterBar, type FilterBarFilter } from '@ui/FilterBar';
import { formatDate } from '@ui/formatDate';
import { NumberField } from '@ui/NumberField';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { networkGlobalId } from './managerFiles';

export interface FilterState {
  networkId: string;
  status: ImportStatus | '';
  account: string;
  /** Days as the date inputs give them (YYYY-MM-DD), or ''. */
  postedFrom: string;
  postedUntil: string;
  minViews: string;
  minLikes: string;
  minComments: string;
  notRefreshedSince: string;
  credited: '' | 'yes' | 'no';
}

export const NO_FILTER: FilterState = {
  networkId: '',
  status: '',
  account: '',
  postedFrom: '',
  postedUntil: '',
  minViews: '',
  minLikes: '',
  minComments: '',
  notRefreshedSince: '',
  credited: '',
};

const DAY_MS = 86_400_000;

/** The start of a YYYY-MM-DD day in UTC (the days the charts and the CSV use), `plusDays` later; null for anything else. */
function dayStart(day: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(time) ? new Date(time + plusDays * DAY_MS).toISOString() : null;
}

function atLeast(text: string): number | null {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The filter the server reads: every column of the table can narrow it. Dates are whole days, the "until" day included. */
export function toFilterInput(state: FilterState): ManagerPostFilter {
  const postedFrom = dayStart(state.postedFrom);
  const postedBefore = dayStart(state.postedUntil, 1);
  const refreshedBefore = dayStart(state.notRefreshedSince);
  const minViews = atLeast(state.minViews);
  const minLikes = atLeast(state.minLikes);
  const minComments = atLeast(state.minComments);
  return {
    ...(state.networkId ? { networkIds: [networkGlobalId(Number(state.networkId))] } : {}),
    ...(state.status ? { importStatuses: [state.status] } : {}),
    ...(state.account.trim() ? { account: state.account.trim() } : {}),
    ...(postedFrom ? { postedFrom } : {}),
    ...(postedBefore ? { postedBefore } : {}),
    ...(minViews ? { minViews } : {}),
    ...(minLikes ? { minLikes } : {}),
    ...(minComments ? { minComments } : {}),
    ...(refreshedBefore ? { refreshedBefore } : {}),
    ...(state.credited ? { credited: state.credited === 'yes' } : {}),
  };
}

const NETWORK_OPTIONS = [{ value: '', label: 'All networks' }, ...NETWORK_LIST.map((network) => ({ value: String(network.id), label: network.title }))];
const STATUS_OPTIONS: ReadonlyArray<{ value: FilterState['status']; label: string }> = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'IMPORTED', label: 'Imported' },
  { value: 'FAILED', label: 'Failed' },
];
const CREDITED_OPTIONS: ReadonlyArray<{ value: FilterState['credited']; label: string }> = [
  { value: '', label: 'With or without' },
  { value: 'yes', label: 'Credited' },
  { value: 'no', label: 'Not credited' },
];

/** A YYYY-MM-DD day as people read it; the filters' days are UTC days. */
function shownDay(day: string): string {
  return formatDate(`${day}T00:00:00.000Z`, 'UTC');
}

function postedLabel(from: string, until: string): string | null {
  if (from && until) return `Posted ${shownDay(from)} – ${shownDay(until)}`;
  if (from) return `Posted from ${shownDay(from)}`;
  if (until) return `Posted until ${shownDay(until)}`;
  return null;
}

/** One "at least" number (views, likes, comments) as a chip; the table follows as it is typed. */
/** A filter chosen from a list (network, import status, credits): picking closes the popover. */
function choiceFilter(
  id: string,
  key: 'networkId' | 'status' | 'credited',
  label: string,
  options: ReadonlyArray<{ value: string; label: string }>,
  value: FilterState,
  set: (patch: Partial<FilterState>) => void,
): FilterBarFilter {
  return {
    id,
    label,
    activeLabel: value[key] ? (options.find((option) => option.value === value[key])?.label ?? null) : null,
    onRemove: () => set({ [key]: '' }),
    render: (close) => (
      <Select
        label={label}
        value={value[key]}
        options={options}
        onChange={(chosen) => {
          set({ [key]: chosen });
          close();
        }}
      />
    ),
  };
}

function minimumFilter(id: 'minViews' | 'minLikes' | 'minComments', noun: string, value: FilterState, set: (patch: Partial<FilterState>) => void): FilterBarFilter {
  const least = atLeast(value[id]);
  return {
    id,
    // Not "Views": the table's column header is a button of that name already.
    label: `Minimum ${noun}`,
    activeLabel: least === null ? null : `${formatCount(least)}+ ${noun}`,
    onRemove: () => set({ [id]: '' }),
    render: () => <NumberField label={`At least ${noun}`} value={least} min={0} onChange={(next) => set({ [id]: next === null ? '' : String(Math.round(next)) })} />,
  };
}

function NotRefreshedSince({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const id = useId();
  return (
    <div className="manager__date">
      <label htmlFor={id}>Not refreshed since</label>
      <input id={id} className="text-input" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * The table's filters: the account searched in a box always in view, every other column a chip
 * of one filter bar (docs/product.md §Content Manager: the table filters by every column).
 */
export function ManagerFilters({ value, onChange }: { value: FilterState; onChange: (next: FilterState) => void }) {
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  const filters: FilterBarFilter[] = [
    choiceFilter('network', 'networkId', 'Network', NETWORK_OPTIONS, value, set),
    choiceFilter('status', 'status', 'Import status', STATUS_OPTIONS, value, set),
    {
      id: 'posted',
      label: 'Posted',
      activeLabel: postedLabel(value.postedFrom, value.postedUntil),
      onRemove: () => set({ postedFrom: '', postedUntil: '' }),
      render: () => <DateRange label="Posted" from={value.postedFrom || null} to={value.postedUntil || null} onChange={({ from, to }) => set({ postedFrom: from ?? '', postedUntil: to ?? '' })} />,
    },
    minimumFilter('minViews', 'views', value, set),
    minimumFilter('minLikes', 'likes', value, set),
    minimumFilter('minComments', 'comments', value, set),
    {
      id: 'refreshed',
      label: 'Last refreshed',
      activeLabel: value.notRefreshedSince ? `Not refreshed since ${shownDay(value.notRefreshedSince)}` : null,
      onRemove: () => set({ notRefreshedSince: '' }),
      render: () => <NotRefreshedSince value={value.notRefreshedSince} onChange={(notRefreshedSince) => set({ notRefreshedSince })} />,
    },
    choiceFilter('credited', 'credited', 'Credits', CREDITED_OPTIONS, value, set),
  ];
  return (
    <div className="manager__filters" role="group" aria-label="Filter">
      <TextField type="search" label="Account" hideLabel placeholder="Search by account" value={value.account} onChange={(account) => set({ account })} />
      <FilterBar label="Filters" filters={filters} onClearAll={() => onChange({ ...NO_FILTER, account: value.account })} />
    </div>
  );
}
