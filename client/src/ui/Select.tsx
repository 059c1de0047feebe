import { useId, type ChangeEvent } from 'react';
import './select.css';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<SelectOption<V>>;
  onChange: (value: V) => void;
  /** The label stays for screen readers but is not shown (a filter bar, a table's row). */
  hideLabel?: boolean;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  hint?: string;
}

/**
 * One choice from a short list. A native <select> under the shared look: it brings the platform's
 * keyboard handling, screen-reader support and the phone's own picker for free.
 */
export function Select<V extends string>({ label, value, options, onChange, hideLabel, id, name, disabled, className, hint }: SelectProps<V>) {
  const ownId = useId();
  const selectId = id ?? ownId;
  const hintId = `${selectId}-hint`;

  function pick(event: ChangeEvent<HTMLSelectElement>) {
    // The DOM hands back a string: find it among the options to give the caller its own type.
    const picked = options.find((option) => option.value === event.target.value);
    if (picked) onChange(picked.value);
  }

  return (
    <div className={className ? `select ${className}` : 'select'}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : 'select__label'}>
        {label}
      </label>
      <span className="select__control">
        <select
          id={selectId}
          name={name}
          className="select__input"
          value={value}
          onChange={pick}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="select__chevron" viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      {hint && (
        <p id={hintId} className="select__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
