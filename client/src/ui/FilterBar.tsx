import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { Popover } from './Popover';
import './filter-bar.css';

export interface FilterBarFilter {
  id: string;
  /** What the filter narrows by ("Network"): the chip's words while it is off, and its popover's name. */
  label: string;
  /** The filter's value in words ("Instagram"), or null while it is off. */
  activeLabel: string | null;
  /** The filter's control, shown in the popover; `close` shuts it (after a pick, say). */
  render: (close: () => void) => ReactNode;
  onRemove: () => void;
}

interface FilterBarProps {
  /** The list's accessible name ("Filters"). */
  label: string;
  filters: ReadonlyArray<FilterBarFilter>;
  /** Offered as "Clear all" while any filter is on. */
  onClearAll?: () => void;
}

function FilterChip({ filter, open, onToggle, onClose }: { filter: FilterBarFilter; open: boolean; onToggle: () => void; onClose: () => void }) {
  const chipRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const active = filter.activeLabel !== null;
  // Closed by a pick inside it, the popover takes the focus with it: give it back to the chip.
  const wasOpen = useRef(open);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (wasOpen.current && !open && focusLost) chipRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <li className={active ? 'filter-bar__item filter-bar__item--active' : 'filter-bar__item'}>
      <button
        ref={chipRef}
        type="button"
        className="filter-bar__chip"
        // The value alone shows; a screen reader hears what it is the value of.
        aria-label={active ? `${filter.label}: ${filter.activeLabel}` : undefined}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={onToggle}
      >
        {active ? filter.activeLabel : filter.label}
        <span className="filter-bar__caret" aria-hidden="true" />
      </button>
      {/* Right after its chip, so Tab runs from the chip into the control. */}
      <Popover id={popoverId} open={open} onClose={onClose} anchorRef={chipRef} label={filter.label}>
        {filter.render(onClose)}
      </Popover>
      {active && (
        <button
          type="button"
          className="filter-bar__remove"
          aria-label={`Remove filter ${filter.activeLabel}`}
          onClick={() => {
            filter.onRemove();
            // The remove button goes with the value: focus stays on the chip, off now.
            chipRef.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      )}
    </li>
  );
}

/**
 * A search page's filters as a row of chips, one a filter: what is on shows at a glance, with
 * its value and a button that removes it; a press on a chip opens that filter's control in a
 * popover. One popover is open at a time.
 */
export function FilterBar({ label, filters, onClearAll }: FilterBarProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const closeAll = useCallback(() => setOpenId(null), []);
  const anyActive = filters.some((filter) => filter.activeLabel !== null);
  return (
    <div className="filter-bar">
      <ul className="filter-bar__chips" aria-label={label}>
        {filters.map((filter) => (
          <FilterChip key={filter.id} filter={filter} open={openId === filter.id} onToggle={() => setOpenId(openId === filter.id ? null : filter.id)} onClose={closeAll} />
        ))}
      </ul>
      {anyActive && onClearAll && (
        <button type="button" className="filter-bar__clear" onClick={onClearAll}>
          Clear all
        </button>
      )}
    </div>
  );
}
