import { useId } from 'react';
// Each date's input looks like every other field (text-field.css).
import './text-field.css';
import './date-range.css';

export interface DateRangeValue {
  /** YYYY-MM-DD, or null for an open start. */
  from: string | null;
  /** YYYY-MM-DD, or null for an open end. */
  to: string | null;
}

export interface DateRangeProps extends DateRangeValue {
  label: string;
  onChange: (range: DateRangeValue) => void;
}

/**
 * Two native date inputs (the platform's own picker, keyboard and phone wheel) grouped under one
 * legend. Either end may be left empty; each end's picker stops at the other end.
 */
export function DateRange({ label, from, to, onChange }: DateRangeProps) {
  const id = useId();
  const fromId = `${id}-from`;
  const toId = `${id}-to`;

  return (
    <fieldset className="date-range">
      <legend className="date-range__legend">{label}</legend>
      <div className="date-range__ends">
        <span className="date-range__end">
          <label htmlFor={fromId}>From</label>
          <input
            id={fromId}
            type="date"
            className="text-input text-field__input"
            value={from ?? ''}
            max={to ?? undefined}
            onChange={(event) => onChange({ from: event.target.value || null, to })}
          />
        </span>
        <span className="date-range__end">
          <label htmlFor={toId}>To</label>
          <input
            id={toId}
            type="date"
            className="text-input text-field__input"
            value={to ?? ''}
            min={from ?? undefined}
            onChange={(event) => onChange({ from, to: event.target.value || null })}
          />
        </span>
      </div>
    </fieldset>
  );
}
