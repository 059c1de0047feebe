import { useId, useState } from 'react';
import { placeLabel } from '@domain/places';
import { PlaceCombobox } from '@ui/PlaceCombobox';

export interface ChosenPlace {
  name: string;
  geohash: string;
}

/**
 * A job's city, picked from Byline's list of large cities as profiles pick theirs (ui/PlaceCombobox):
 * stored as a geohash with the name as it reads (docs/product.md §Jobs).
 */
export function PlaceField({ value, onChange }: { value: ChosenPlace | null; onChange: (place: ChosenPlace | null) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const unpicked = text.trim() !== '' && text !== value?.name;
  return (
    <div className="job-form__field">
      <label htmlFor={inputId}>Place</label>
      <div className="job-form__row">
        <PlaceCombobox
          id={inputId}
          text={text}
          pickedText={value?.name ?? null}
          describedBy={hintId}
          invalid={unpicked}
          onTextChange={(next) => {
            setText(next);
            if (next.trim() === '') onChange(null);
          }}
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
      <p id={hintId} className="job-form__hint">
        {unpicked ? 'Pick the place from the list.' : 'Pick the nearest large city from the list.'}
      </p>
    </div>
  );
}
