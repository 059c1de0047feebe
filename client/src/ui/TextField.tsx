import { useId, type HTMLAttributes } from 'react';
import { FieldMessages } from './FieldMessages';
import './text-field.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'email' | 'url' | 'password';
  /** The label stays for screen readers but is not shown (a search box with a placeholder). */
  hideLabel?: boolean;
  placeholder?: string;
  hint?: string;
  /** Shown under the field, read with it, and marks it invalid. */
  error?: string | null;
  id?: string;
  name?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
}

/** A labelled one-line text input with its hint and error, in the one look every form shares. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  hideLabel,
  placeholder,
  hint,
  error,
  id,
  name,
  autoComplete,
  required,
  disabled,
  inputMode,
  maxLength,
}: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="text-field">
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'text-field__label'}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        type={type}
        className="text-input text-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
