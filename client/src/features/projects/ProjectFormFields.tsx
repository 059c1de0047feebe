import type { ProjectVisibility } from '@gql/graphql';
import { Select } from '@ui/Select';

/** A calendar day (the browser's own date picker), as YYYY-MM-DD or ''. */
export function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="projects__date">
      <span className="text-field__label">{label}</span>
      <input type="date" className="text-input" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** Who sees a project (docs/product.md §Projects): its collaborators, or anyone with the link, never its costs. */
export function VisibilitySelect({ value, onChange }: { value: ProjectVisibility; onChange: (value: ProjectVisibility) => void }) {
  return (
    <Select
      label="Who can see it"
      value={value}
      options={[
        { value: 'PRIVATE', label: 'Private: its collaborators only' },
        { value: 'PUBLIC', label: 'Public: anyone with the link (never its costs)' },
      ]}
      onChange={onChange}
    />
  );
}

/** A form's refusal, then Cancel and its submit button (with its busy words while it works). */
export function FormEnd({ error, busy, submitLabel, busyLabel, onCancel }: { error: string | null; busy: boolean; submitLabel: string; busyLabel: string; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p className="projects__error" role="alert">
          {error}
        </p>
      )}
      <div className="projects__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
