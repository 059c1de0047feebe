import './checkbox-list.css';

export interface CheckboxListOption<V extends string> {
  value: V;
  label: string;
}

interface CheckboxListProps<V extends string> {
  /** The group's legend. */
  label: string;
  options: ReadonlyArray<CheckboxListOption<V>>;
  /** The ticked values. */
  values: ReadonlyArray<V>;
  /** The ticked values after a box changed, in the options' order. */
  onChange: (values: V[]) => void;
}

/**
 * Any number of choices from a list (a filter that widens with each value: either network, either
 * role), as a fieldset of checkboxes; a long list scrolls inside its own box.
 */
export function CheckboxList<V extends string>({ label, options, values, onChange }: CheckboxListProps<V>) {
  const toggle = (value: V, on: boolean) => onChange(options.map((option) => option.value).filter((candidate) => (candidate === value ? on : values.includes(candidate))));
  return (
    <fieldset className="checkbox-list">
      <legend className="checkbox-list__legend">{label}</legend>
      <div className="checkbox-list__options">
        {options.map((option) => (
          <label key={option.value} className="checkbox-list__option">
            <input type="checkbox" checked={values.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
