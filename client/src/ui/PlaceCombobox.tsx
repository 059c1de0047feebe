import { useId, useState, type KeyboardEvent } from 'react';
import { placeLabel, type Place } from '@domain/places';
import './place-combobox.css';

type PlaceList = typeof import('@domain/place-list');

// The city table is most of this picker's weight (~8.6 KB gz), so /creators and /settings load it
// on a place field's first focus or input, not with the page. One load for every picker.
let placeList: PlaceList | null = null;
let placeListLoading: Promise<PlaceList> | null = null;

function loadPlaceList(): Promise<PlaceList> {
  placeListLoading ??= import('@domain/place-list').then(
    (module) => (placeList = module),
    (error: unknown) => {
      // A failed chunk load (a dropped connection, a new deploy) is tried again on the next focus.
      placeListLoading = null;
      throw error;
    },
  );
  return placeListLoading;
}

/** Suggestions shown at once: enough to find a city, few enough to fit a phone screen. */
const SUGGESTIONS = 6;

export interface PlaceComboboxProps {
  /** The input's id, for the caller's <label htmlFor>. */
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  onPick: (place: Place) => void;
  /** The text of the place already picked: no suggestions while the box still reads it. */
  pickedText: string | null;
  placeholder?: string;
  name?: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A place picked from Byline's built-in list of large cities (domain/place-list.ts, loaded
 * on first focus or input: no geocoding service is reachable) as its name is typed, in the ARIA
 * combobox pattern: arrows move, Enter picks, Escape closes. Used by the settings' location and
 * the creator search's place filter.
 */
export function PlaceCombobox({ id, text, onTextChange, onPick, pickedText, placeholder = 'Type a city', name, describedBy, invalid }: PlaceComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // No suggestions until the list has loaded; then they appear for the text already typed.
  const [places, setPlaces] = useState(placeList);
  const suggestions = places && open && text.trim() !== '' && text !== pickedText ? places.searchPlaces(text, SUGGESTIONS) : [];

  function askForPlaces() {
    // A failed load leaves the box without suggestions until the next focus or input tries again.
    if (!places) loadPlaceList().then(setPlaces, () => {});
  }

  function pick(place: Place) {
    setOpen(false);
    onPick(place);
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
      // An open list closes first: a popover around the box waits for the next Escape.
      if (suggestions.length > 0) event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="place-combobox">
      <input
        id={id}
        className="text-input"
        name={name}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          askForPlaces();
          onTextChange(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => {
          askForPlaces();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Places" className="place-combobox__list" hidden={suggestions.length === 0}>
        {suggestions.map((place, index) => (
          <li
            key={placeLabel(place)}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="place-combobox__option"
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
    </div>
  );
}
