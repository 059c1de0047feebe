import { useId, useState } from 'react';
import { placeLabel } from '@domain/places';
import { PlaceCombobox } from '@ui/PlaceCombobox';

export interface ChosenLocation {
  name: string;
  geohash: string;
}

/**
 * Where the person is based. Byline has no geocoding service, so the place is picked from a
 * built-in list of large cities (ui/PlaceCombobox) as the name is typed: the point is stored as a
 * geohash, the name as it reads.
 */
export function LocationField({ value, onChange, error }: { value: ChosenLocation | null; onChange: (location: ChosenLocation | null) => void; error: string | null }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [typing, setTyping] = useState(false);

  const unpicked = text.trim() !== '' && text !== value?.name;
  const problem = error ?? (unpicked && !typing ? 'Please pick the place from the list.' : null);
  return (
    <div className="settings-form__field location-field">
      <label htmlFor={inputId}>Location</label>
      <div className="location-field__row" onFocus={() => setTyping(true)} onBlur={() => setTyping(false)}>
        <PlaceCombobox
          id={inputId}
          name="location"
          text={text}
          pickedText={value?.name ?? null}
          describedBy={hintId}
          invalid={problem !== null}
          onTextChange={setText}
          onPick={(place) => {
            const name = placeLabel(place);
            setText(name);
            onChange({ name, geohash: place.geohash });
          }}
        />
        {value && (
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            Remove
          </button>
        )}
      </div>
      <p id={hintId} className="settings-form__hint">
        Pick the nearest large city from the list.
      </p>
      {problem && (
        <p className="settings-form__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
