import { useId, type ChangeEvent } from 'react';
import { FieldMessages } from './FieldMessages';
// The field's frame, label, hint and error are TextField's: one look for every field.
import './text-field.css';
import './number-field.css';

export interface NumberFieldProps {
  label: string;
  /** null while the field is empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  hideLabel?: boolean;
  hint?: string;
  error?: string | null;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** Words after the box ("followers", "%"), read as part of its description. */
  unit?: string;
}

/**
 * A labelled number input: an empty box means "no number" (null), never 0, so a cleared
 * minimum or limit reads as "none".
 */
export function NumberField({ label, value, onChange, min, max, step, hideLabel, hint, error, id, name, disabled, unit }: NumberFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const unitId = `${inputId}-unit`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [unit ? unitId : null, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  function change(event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value.trim();
    if (text === '') return onChange(null);
    const number = Number(text);
    onChange(Number.isFinite(number) ? number : null);
  }

  return (
    <div className="text-field number-field">
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'text-field__label'}>
        {label}
      </label>
      <span className="number-field__control">
        <input
          id={inputId}
          name={name}
          type="number"
          className="text-input text-field__input"
          // React leaves a half-typed number ("1.", "-") alone while it equals this value loosely.
          value={value ?? ''}
          onChange={change}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {unit && (
          <span id={unitId} className="number-field__unit">
            {unit}
          </span>
        )}
      </span>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
