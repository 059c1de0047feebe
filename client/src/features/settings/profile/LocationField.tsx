import { useId, useState, type KeyboardEvent } from 'react';
import { placeGeohash, placeLabel, searchPlaces, type Place } from '@domain/places';

export interface ChosenLocation {
  name: string;
  geohash: string;
}

/** Suggestions shown at once: enough to find a city, few enough to fit a phone screen. */
const SUGGESTIONS = 6;

/**
 * Where the person is based. Byline has no geocoding service, so the place is picked from a
 * built-in list of large cities (domain/places.ts) as the name is typed: the point is stored as a
 * geohash, the name as it reads. A combobox in the ARIA pattern: arrows move, Enter picks, Escape closes.
 */
export function LocationField({ value, onChange, error }: { value: ChosenLocation | null; onChange: (location: ChosenLocation | null) => void; error: string | null }) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const suggestions = open && text.trim() !== '' && text !== value?.name ? searchPlaces(text, SUGGESTIONS) : [];

  function pick(place: Place) {
    const name = placeLabel(place);
    setText(name);
    setOpen(false);
    onChange({ name, geohash: placeGeohash(place) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && suggestions.length > 0) {
      event.preventDefault();
      const place = suggestions[active];
      if (place) pick(place);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const unpicked = text.trim() !== '' && text !== value?.name;
  const problem = error ?? (unpicked && !open ? 'Please pick the place from the list.' : null);
  return (
    <div className="settings-form__field location-field">
      <label htmlFor={inputId}>Location</label>
      <div className="location-field__row">
        <input
          id={inputId}
          className="text-input"
          name="location"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          placeholder="Type a city"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
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
      <ul id={listId} role="listbox" aria-label="Places" className="location-field__list" hidden={suggestions.length === 0}>
        {suggestions.map((place, index) => (
          <li
            key={placeLabel(place)}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="location-field__option"
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place);
            }}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
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
