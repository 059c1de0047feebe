import { useEffect, useRef } from 'react';

interface SelectAllCheckboxProps {
  checked: boolean;
  /** Some rows are selected, not all: the box shows a dash and reads as "mixed". */
  indeterminate: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}

/** The header's checkbox of a DataTable: selects every row, or none once all are. */
export function SelectAllCheckbox({ checked, indeterminate, disabled, onChange }: SelectAllCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only, never an attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="data-table__select-all">
      <input ref={ref} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {/* Seen in the card layout, where the header is a bar of controls; a screen reader hears it always. */}
      <span className="data-table__select-all-text">Select all</span>
    </label>
  );
}
