import { useId, useState } from 'react';
import { placeLabel } from '@domain/places';
import type { FilterBarFilter } from '@ui/FilterBar';
import { PlaceCombobox } from '@ui/PlaceCombobox';
import { roleFilter } from '@ui/roleFilter';
import { Select } from '@ui/Select';
import { withParam } from '@ui/urlFilters';
import { JOBS_PARAMETERS as P, type JobsState } from './jobsParams';

type SetParams = (next: URLSearchParams) => void;

const RADII_KM = [10, 25, 50, 100, 250, 1000];
/** A picked place searches this far around it until another radius is chosen. */
export const DEFAULT_RADIUS_KM = 50;
const POSTED_WITHIN_DAYS = [1, 7, 30, 90];

function PlaceControl({ radiusKm, onPick }: { radiusKm: number; onPick: (geo: string, radiusKm: number) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [radius, setRadius] = useState(radiusKm);
  return (
    <div className="jobs-place">
      <label htmlFor={id}>Place</label>
      <PlaceCombobox id={id} text={text} pickedText={null} onTextChange={setText} onPick={(place) => onPick(`${placeLabel(place)}~${place.geohash}`, radius)} />
      <Select label="Within" value={String(radius)} options={RADII_KM.map((km) => ({ value: String(km), label: `${km} km` }))} onChange={(value) => setRadius(Number(value))} />
    </div>
  );
}

/** The filter bar's chips for /jobs: role, place with radius, remote, posted within; each in the address. */
export function jobFilters(state: JobsState, params: URLSearchParams, setParams: SetParams): FilterBarFilter[] {
  const days = state.postedWithinDays;
  // A link may carry a window the list does not offer: it is still shown as chosen.
  const dayOptions = [{ value: '', label: 'Any time' }, ...[...new Set([...POSTED_WITHIN_DAYS, ...(days ? [days] : [])])].sort((a, b) => a - b).map((n) => ({ value: String(n), label: n === 1 ? 'In the last day' : `In the last ${n} days` }))];
  return [
    roleFilter(state.roles, params, P.role, setParams),
    {
      id: 'place',
      label: 'Place',
      activeLabel: state.placeName === null ? null : `Within ${state.radiusKm ?? DEFAULT_RADIUS_KM} km of ${state.placeName}`,
      onRemove: () => setParams(withParam(withParam(params, P.geo, null), P.radius, null)),
      render: (close) => (
        <PlaceControl
          radiusKm={state.radiusKm ?? DEFAULT_RADIUS_KM}
          onPick={(geo, radiusKm) => {
            setParams(withParam(withParam(params, P.geo, geo), P.radius, String(radiusKm)));
            close();
          }}
        />
      ),
    },
    {
      id: 'remote',
      label: 'Remote',
      activeLabel: state.remote === null ? null : state.remote ? 'Remote only' : 'On site only',
      onRemove: () => setParams(withParam(params, P.remote, null)),
      render: (close) => (
        <Select
          label="Remote"
          value={state.remote === null ? '' : state.remote ? 'yes' : 'no'}
          options={[
            { value: '', label: 'Remote or on site' },
            { value: 'yes', label: 'Remote only' },
            { value: 'no', label: 'On site only' },
          ]}
          onChange={(value) => {
            setParams(withParam(params, P.remote, value || null));
            close();
          }}
        />
      ),
    },
    {
      id: 'posted',
      label: 'Posted',
      activeLabel: days === null ? null : days === 1 ? 'Posted in the last day' : `Posted in the last ${days} days`,
      onRemove: () => setParams(withParam(params, P.postedWithin, null)),
      render: (close) => (
        <Select
          label="Posted"
          value={days === null ? '' : String(days)}
          options={dayOptions}
          onChange={(value) => {
            setParams(withParam(params, P.postedWithin, value || null));
            close();
          }}
        />
      ),
    },
  ];
}
