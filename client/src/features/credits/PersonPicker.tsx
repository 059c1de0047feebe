import { skipToken, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { recognizeProfileUrl } from '@domain/profile-url-recognition';
import { networkById } from '@domain/networks';
import { validateEmail } from '@domain/validation';
import { CreditCandidatesDocument, type AddCreditOptionsQuery } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { Select } from '@ui/Select';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { personLabel, type ChosenPerson } from './creditPerson';

/**
 * How long typing must pause before people are searched: 250 ms, a little under the track
 * box's 300 (names are short and people type them in bursts), so results follow typing
 * without a call per keystroke.
 */
export const CANDIDATE_SEARCH_DEBOUNCE_MS = 250;
const CANDIDATES_SHOWN = 8;

type Network = AddCreditOptionsQuery['networks'][number];
type Mode = 'byline' | 'email' | 'handle';

interface PersonPickerProps {
  networks: readonly Network[];
  /** The viewer, who can always credit themselves. */
  viewer: { id: string; label: string };
  /** Whether the viewer may credit other people on this post. */
  mayCreditOthers: boolean;
  person: ChosenPerson | null;
  onChange: (person: ChosenPerson | null) => void;
}

function CandidateSearch({ person, onChange }: Pick<PersonPickerProps, 'person' | 'onChange'>) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), CANDIDATE_SEARCH_DEBOUNCE_MS);
  const { data, loading, error } = useQuery(
    CreditCandidatesDocument,
    settled ? { variables: { query: settled, first: CANDIDATES_SHOWN } } : skipToken,
  );
  const candidates = settled ? (data?.creditCandidates.nodes ?? []) : [];
  const chosenId = person?.kind === 'user' ? person.userId : null;

  return (
    <div className="credit-field">
      <label className="credit-field__label" htmlFor={inputId}>
        Name or username
      </label>
      <input
        id={inputId}
        type="search"
        className="text-input"
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
      />
      {settled && loading && <p role="status" className="credit-field__hint">Searching...</p>}
      {settled && error && <p role="alert" className="credit-field__error">{error.message}</p>}
      {settled && !loading && !error && candidates.length === 0 && (
        <p role="status" className="credit-field__hint">
          No one on Byline matches “{settled}”.
        </p>
      )}
      {candidates.length > 0 && (
        // Native radios: arrow keys move between people, Space picks.
        <fieldset className="credit-candidates">
          <legend className="visually-hidden">People found</legend>
          {candidates.map((candidate) => {
            const label = candidate.name ?? candidate.username ?? 'Someone';
            return (
              <label key={candidate.id} className="credit-candidate">
                <input
                  type="radio"
                  name={`${inputId}-candidate`}
                  checked={chosenId === candidate.id}
                  onChange={() => onChange({ kind: 'user', userId: candidate.id, label })}
                />
                <Avatar className="avatar credit-candidate__avatar" name={label} avatarUrl={candidate.avatarUrl ?? null} size={28} />
                <span className="credit-candidate__name">{label}</span>
                {candidate.username && <span className="credit-candidate__username">@{candidate.username}</span>}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

function EmailInvite({ onChange }: Pick<PersonPickerProps, 'onChange'>) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = email ? validateEmail(email.trim()) : null;

  const change = (value: string) => {
    setEmail(value);
    const trimmed = value.trim();
    onChange(trimmed && !validateEmail(trimmed) ? { kind: 'email', email: trimmed } : null);
  };

  return (
    <div className="credit-field">
      <label className="credit-field__label" htmlFor={inputId}>
        Their email
      </label>
      <input
        id={inputId}
        type="email"
        className="text-input"
        value={email}
        autoComplete="off"
        aria-invalid={touched && problem ? true : undefined}
        aria-describedby={`${inputId}-hint`}
        onBlur={() => setTouched(true)}
        onChange={(event) => change(event.target.value)}
      />
      <p id={`${inputId}-hint`} className={touched && problem ? 'credit-field__error' : 'credit-field__hint'}>
        {touched && problem ? problem : 'We email them a link to claim the credit.'}
      </p>
    </div>
  );
}

function HandleInvite({ networks, onChange }: Pick<PersonPickerProps, 'networks' | 'onChange'>) {
  const handleFieldId = useId();
  const [networkId, setNetworkId] = useState('');
  const [handle, setHandle] = useState('');

  const choose = (nextNetworkId: string, nextHandle: string) => {
    const network = networks.find((candidate) => candidate.id === nextNetworkId);
    const trimmed = nextHandle.trim();
    onChange(network && trimmed ? { kind: 'handle', networkId: network.id, networkTitle: network.title, handle: trimmed } : null);
  };

  const changeHandle = (value: string) => {
    setHandle(value);
    // A pasted profile link says its network: pick it, so the link alone is enough.
    const profile = recognizeProfileUrl(value.trim());
    const recognized = profile && networks.find((network) => network.name === networkById(profile.networkId)?.name);
    const nextNetworkId = recognized ? recognized.id : networkId;
    if (recognized) setNetworkId(recognized.id);
    choose(nextNetworkId, value);
  };

  return (
    <>
      <Select
        label="Network"
        className="credit-field"
        value={networkId}
        options={[{ value: '', label: 'Choose a network' }, ...networks.map((network) => ({ value: network.id, label: network.title }))]}
        onChange={(next) => {
          setNetworkId(next);
          choose(next, handle);
        }}
      />
      <div className="credit-field">
        <label className="credit-field__label" htmlFor={handleFieldId}>
          Handle or profile link
        </label>
        <input
          id={handleFieldId}
          type="text"
          className="text-input"
          value={handle}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={`${handleFieldId}-hint`}
          onChange={(event) => changeHandle(event.target.value)}
        />
        <p id={`${handleFieldId}-hint`} className="credit-field__hint">
          You get a link to send them; the credit is theirs once they claim it.
        </p>
      </div>
    </>
  );
}

/**
 * Who to credit: yourself, someone on Byline found by name or username, or someone not on
 * Byline yet by email or by network and handle. People who may only credit themselves on
 * this post see just that choice.
 */
export function PersonPicker({ networks, viewer, mayCreditOthers, person, onChange }: PersonPickerProps) {
  const [mode, setMode] = useState<Mode>('byline');
  const isSelf = person?.kind === 'user' && person.userId === viewer.id;

  const switchMode = (next: Mode) => {
    setMode(next);
    onChange(null);
  };

  if (!mayCreditOthers) {
    return (
      <div className="credit-person">
        <p className="credit-field__hint">You can credit yourself on this post.</p>
        <p className="credit-person__chosen" data-testid="credit-person-chosen">
          {viewer.label}
        </p>
      </div>
    );
  }

  return (
    <div className="credit-person">
      <div className="credit-person__modes" role="group" aria-label="Who to credit">
        <button
          type="button"
          className="button button--outline button--small"
          aria-pressed={mode === 'byline'}
          onClick={() => switchMode('byline')}
        >
          On Byline
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          aria-pressed={mode !== 'byline'}
          onClick={() => switchMode('email')}
        >
          Not on Byline yet?
        </button>
      </div>

      {mode === 'byline' && (
        <>
          <CandidateSearch person={person} onChange={onChange} />
          <button
            type="button"
            className="button button--outline button--small credit-person__self"
            aria-pressed={isSelf}
            onClick={() => onChange({ kind: 'user', userId: viewer.id, label: viewer.label })}
          >
            Credit myself
          </button>
        </>
      )}

      {mode !== 'byline' && (
        <>
          <fieldset className="credit-person__invite-kind">
            <legend className="credit-field__label">Invite them by</legend>
            <label>
              <input type="radio" name="credit-invite-kind" checked={mode === 'email'} onChange={() => switchMode('email')} /> Email
            </label>
            <label>
              <input type="radio" name="credit-invite-kind" checked={mode === 'handle'} onChange={() => switchMode('handle')} /> Social
              handle
            </label>
          </fieldset>
          {mode === 'email' ? <EmailInvite onChange={onChange} /> : <HandleInvite networks={networks} onChange={onChange} />}
        </>
      )}

      {person && (
        <p className="credit-person__chosen" role="status" data-testid="credit-person-chosen">
          Crediting {isSelf ? 'yourself' : personLabel(person)}
        </p>
      )}
    </div>
  );
}
