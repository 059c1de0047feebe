/** A field's hint and error under it, each with the id its input's aria-describedby names (text-field.css). */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: string | undefined; hintId: string; error?: string | null | undefined; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </>
  );
}
