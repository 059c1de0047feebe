import { useId } from 'react';
import { NETWORK_LIST } from '@domain/networks';
import type { ImportStatus, ManagerPostFilter } from '@gql/graphql';
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

const digitsOnly = (text: string) => text.replace(/\D/g, '');

export function ManagerFilters({ value, onChange }: { value: FilterState; onChange: (next: FilterState) => void }) {
  const id = useId();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="manager__filters">
      <legend>Filter</legend>
      <label htmlFor={`${id}-network`}>Network</label>
      <select id={`${id}-network`} value={value.networkId} onChange={(event) => set({ networkId: event.target.value })}>
        <option value="">All networks</option>
        {NETWORK_LIST.map((network) => (
          <option key={network.id} value={network.id}>
            {network.title}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-status`}>Import status</label>
      <select id={`${id}-status`} value={value.status} onChange={(event) => set({ status: event.target.value as ImportStatus | '' })}>
        <option value="">Any status</option>
        <option value="PENDING">Pending</option>
        <option value="IMPORTED">Imported</option>
        <option value="FAILED">Failed</option>
      </select>
      <label htmlFor={`${id}-account`}>Account</label>
      <input id={`${id}-account`} className="text-input" value={value.account} onChange={(event) => set({ account: event.target.value })} />
      <label htmlFor={`${id}-posted-from`}>Posted from</label>
      <input id={`${id}-posted-from`} className="text-input" type="date" value={value.postedFrom} onChange={(event) => set({ postedFrom: event.target.value })} />
      <label htmlFor={`${id}-posted-until`}>Posted until</label>
      <input id={`${id}-posted-until`} className="text-input" type="date" value={value.postedUntil} onChange={(event) => set({ postedUntil: event.target.value })} />
      <label htmlFor={`${id}-views`}>At least views</label>
      <input id={`${id}-views`} className="text-input" inputMode="numeric" value={value.minViews} onChange={(event) => set({ minViews: digitsOnly(event.target.value) })} />
      <label htmlFor={`${id}-likes`}>At least likes</label>
      <input id={`${id}-likes`} className="text-input" inputMode="numeric" value={value.minLikes} onChange={(event) => set({ minLikes: digitsOnly(event.target.value) })} />
      <label htmlFor={`${id}-comments`}>At least comments</label>
      <input id={`${id}-comments`} className="text-input" inputMode="numeric" value={value.minComments} onChange={(event) => set({ minComments: digitsOnly(event.target.value) })} />
      <label htmlFor={`${id}-refreshed`}>Not refreshed since</label>
      <input id={`${id}-refreshed`} className="text-input" type="date" value={value.notRefreshedSince} onChange={(event) => set({ notRefreshedSince: event.target.value })} />
      <label htmlFor={`${id}-credited`}>Credits</label>
      <select id={`${id}-credited`} value={value.credited} onChange={(event) => set({ credited: event.target.value as FilterState['credited'] })}>
        <option value="">With or without</option>
        <option value="yes">Credited</option>
        <option value="no">Not credited</option>
      </select>
    </fieldset>
  );
}
