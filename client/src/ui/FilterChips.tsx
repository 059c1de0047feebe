import type { Chip } from './urlFilters';
import './filter-chips.css';

/** A search page's filters as chips, each with a button that removes it. */
export function FilterChips({ chips, onRemove }: { chips: Chip[]; onRemove: (chip: Chip) => void }) {
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Filters">
      {chips.map((chip) => (
        <li key={`${chip.parameter}:${chip.value}`} className="filter-chip">
          {chip.label}
          <button type="button" className="filter-chip__remove" aria-label={`Remove filter ${chip.label}`} onClick={() => onRemove(chip)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
