import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The rule's message (docs/product.md §Sign-in), shown under the field and read with it. */
  error: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is tied to it (aria-invalid + aria-describedby). */
export function AuthField({ label, error, ref, ...input }: AuthFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className="text-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, input['aria-describedby']].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
