import { useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { CREATOR_SEARCH_PARAMETERS as P } from '@domain/creator-search';
import { formatCount } from '@domain/format';
import { NETWORK_LIST, networkByName } from '@domain/networks';
import { placeGeohashAt } from '@domain/places';
import { CRITERIA_PLACE_GEOHASH_PRECISION } from '@domain/search-criteria';
import { ViewerListsDocument } from '@gql/graphql';
import { CheckboxList } from '@ui/CheckboxList';
import type { FilterBarFilter } from '@ui/FilterBar';
import { NumberField } from '@ui/NumberField';
import { PlaceCombobox } from '@ui/PlaceCombobox';
import { roleFilter } from '@ui/roleFilter';
import { Select } from '@ui/Select';
import { withParam, withValues } from '@ui/urlFilters';
import type { CreatorsState } from './creatorsParams';

type SetParams = (next: URLSearchParams) => void;

const NETWORK_OPTIONS = NETWORK_LIST.map((network) => ({ value: network.name, label: network.title }));
const CREDITED_WITHIN_DAYS = [7, 30, 90, 365];

function PlaceControl({ onPick }: { onPick: (geo: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <div className="creators-place">
      <label htmlFor={id}>Place</label>
      <PlaceCombobox id={id} text={text} pickedText={null} onTextChange={setText} onPick={(place) => onPick(`${place.city}~${placeGeohashAt(place, CRITERIA_PLACE_GEOHASH_PRECISION)}`)} />
    </div>
  );
}

/** The viewer's lists load when the popover opens: most searches never narrow to one. */
function ListControl({ listId, onPick }: { listId: number | null; onPick: (list: string | null) => void }) {
  const lists = useQuery(ViewerListsDocument, { variables: { first: 100 } }).data?.viewerLists.nodes ?? [];
  const options = [{ value: '', label: 'Any list' }, ...lists.map((list) => ({ value: `${list.databaseId}~${list.name}`, label: list.name }))];
  const chosen = lists.find((list) => list.databaseId === listId);
  return <Select label="List" value={chosen ? `${chosen.databaseId}~${chosen.name}` : ''} options={options} onChange={(value) => onPick(value || null)} />;
}

/** Typed first, applied with the button (or Enter): a search a keystroke would start too early. */
function FollowersControl({ min, max, onApply }: { min: number | null; max: number | null; onApply: (min: number | null, max: number | null) => void }) {
  const [from, setFrom] = useState(min);
  const [to, setTo] = useState(max);
  const backwards = from !== null && to !== null && to < from;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    // Followers are whole people.
    if (!backwards) onApply(from === null ? null : Math.round(from), to === null ? null : Math.round(to));
  };
  return (
    <form className="creators-followers" onSubmit={apply}>
      <NumberField label="At least" unit="followers" value={from} onChange={setFrom} min={0} />
      <NumberField label="At most" unit="followers" value={to} onChange={setTo} min={0} error={backwards ? 'Fewer than the least' : null} />
      <button type="submit" className="button button--outline" disabled={backwards}>
        Apply
      </button>
    </form>
  );
}

function followersLabel(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${formatCount(min)}–${formatCount(max)} followers`;
  if (min !== null) return `${formatCount(min)}+ followers`;
  if (max !== null) return `Up to ${formatCount(max)} followers`;
  return null;
}

/** The filter bar's chips: every filter of the search but its text, each in the URL. */
export function creatorFilters(state: CreatorsState, params: URLSearchParams, setParams: SetParams): FilterBarFilter[] {
  const creditedDays = state.creditedWithinDays;
  // A link may carry a window the list does not offer: it is still shown as chosen.
  const creditedOptions = [{ value: '', label: 'Any time' }, ...[...new Set([...CREDITED_WITHIN_DAYS, ...(creditedDays ? [creditedDays] : [])])].sort((a, b) => a - b).map((days) => ({ value: String(days), label: `In the last ${days} days` }))];
  return [
    roleFilter(state.roles, params, P.role, setParams),
    {
      id: 'place',
      label: 'Place',
      activeLabel: state.placeName === null ? null : `Near ${state.placeName}`,
      onRemove: () => setParams(withParam(params, P.geo, null)),
      render: (close) => (
        <PlaceControl
          onPick={(geo) => {
            setParams(withParam(params, P.geo, geo));
            close();
          }}
        />
      ),
    },
    {
      id: 'list',
      label: 'List',
      activeLabel: state.list ? `In ${state.list.name ?? `list ${state.list.id}`}` : null,
      onRemove: () => setParams(withParam(params, P.list, null)),
      render: (close) => (
        <ListControl
          listId={state.list?.id ?? null}
          onPick={(list) => {
            setParams(withParam(params, P.list, list));
            close();
          }}
        />
      ),
    },
    {
      id: 'network',
      label: 'Network',
      activeLabel: state.networks.length > 0 ? state.networks.map((name) => networkByName(name)?.title ?? name).join(', ') : null,
      onRemove: () => setParams(withValues(params, P.network, [])),
      render: () => <CheckboxList label="Networks" options={NETWORK_OPTIONS} values={state.networks} onChange={(networks) => setParams(withValues(params, P.network, networks))} />,
    },
    {
      id: 'followers',
      label: 'Followers',
      activeLabel: followersLabel(state.minFollowers, state.maxFollowers),
      onRemove: () => setParams(withParam(withParam(params, P.minFollowers, null), P.maxFollowers, null)),
      render: (close) => (
        <FollowersControl
          min={state.minFollowers}
          max={state.maxFollowers}
          onApply={(min, max) => {
            setParams(withParam(withParam(params, P.minFollowers, min === null ? null : String(min)), P.maxFollowers, max === null ? null : String(max)));
            close();
          }}
        />
      ),
    },
    {
      id: 'credited',
      label: 'Credited',
      activeLabel: creditedDays === null ? null : `Credited in the last ${creditedDays} days`,
      onRemove: () => setParams(withParam(params, P.creditedWithinDays, null)),
      render: (close) => (
        <Select
          label="Credited"
          value={creditedDays === null ? '' : String(creditedDays)}
          options={creditedOptions}
          onChange={(value) => {
            setParams(withParam(params, P.creditedWithinDays, value || null));
            close();
          }}
        />
      ),
    },
    {
      id: 'open',
      label: 'Open to work',
      activeLabel: state.openToWork ? 'Open to work' : null,
      onRemove: () => setParams(withParam(params, P.openToWork, null)),
      render: () => (
        <label className="creators-open">
          <input type="checkbox" checked={state.openToWork} onChange={(event) => setParams(withParam(params, P.openToWork, event.target.checked ? '1' : null))} />
          Only creators open to work
        </label>
      ),
    },
  ];
}
