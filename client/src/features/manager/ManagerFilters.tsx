import { useId } from 'react';
import { NETWORK_LIST } from '@domain/networks';
import type { ImportStatus, ManagerPostFilter } from '@gql/graphql';
import { networkGlobalId } from './managerFiles';

export interface FilterState {
  networkId: string;
  status: ImportStatus | '';
  account: string;
  minViews: string;
  credited: '' | 'yes' | 'no';
}

export const NO_FILTER: FilterState = { networkId: '', status: '', account: '', minViews: '', credited: '' };

export function toFilterInput(state: FilterState): ManagerPostFilter {
  const minViews = Number.parseInt(state.minViews, 10);
  return {
    ...(state.networkId ? { networkIds: [networkGlobalId(Number(state.networkId))] } : {}),
    ...(state.status ? { importStatuses: [state.status] } : {}),
    ...(state.account.trim() ? { account: state.account.trim() } : {}),
    ...(Number.isFinite(minViews) && minViews > 0 ? { minViews } : {}),
    ...(state.credited ? { credited: state.credited === 'yes' } : {}),
  };
}

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
      <label htmlFor={`${id}-views`}>At least views</label>
      <input id={`${id}-views`} className="text-input" inputMode="numeric" value={value.minViews} onChange={(event) => set({ minViews: event.target.value.replace(/\D/g, '') })} />
      <label htmlFor={`${id}-credited`}>Credits</label>
      <select id={`${id}-credited`} value={value.credited} onChange={(event) => set({ credited: event.target.value as FilterState['credited'] })}>
        <option value="">With or without</option>
        <option value="yes">Credited</option>
        <option value="no">Not credited</option>
      </select>
    </fieldset>
  );
}
