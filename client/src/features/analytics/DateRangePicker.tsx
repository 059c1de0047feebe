import { useId, useState, type FormEvent } from 'react';
import { daysBetween, isoDay, MAX_DAYS, RANGE_PRESETS, type ChartSettings, type RangePresetKey } from './dateRange';

interface Props {
  settings: ChartSettings;
  today: Date;
  onChange: (settings: ChartSettings) => void;
}

/** Presets (7, 30, 90 days) as a row of toggle buttons, and a custom range of two dates. */
export function DateRangePicker({ settings, today, onChange }: Props) {
  const fromId = useId();
  const toId = useId();
  const [custom, setCustom] = useState({ from: settings.from, to: settings.to });
  const [error, setError] = useState<string | null>(null);

  function choosePreset(key: RangePresetKey) {
    setError(null);
    onChange({ ...settings, range: key });
  }

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    if (!custom.from || !custom.to || custom.from > custom.to) {
      setError('Choose a start date on or before the end date.');
      return;
    }
    if (settings.interval === 'DAY' && daysBetween(custom.from, custom.to) > MAX_DAYS) {
      setError(`Choose at most ${MAX_DAYS} days, or show weeks.`);
      return;
    }
    setError(null);
    onChange({ ...settings, range: 'custom', from: custom.from, to: custom.to });
  }

  return (
    <div className="stats-range">
      <div className="stats-range__presets" role="group" aria-label="Date range">
        {RANGE_PRESETS.map((preset) => (
          <button key={preset.key} type="button" className="stats-toggle" aria-pressed={settings.range === preset.key} onClick={() => choosePreset(preset.key)}>
            {preset.label}
          </button>
        ))}
      </div>
      <form className="stats-range__custom" onSubmit={applyCustom} aria-label="Custom range">
        <label htmlFor={fromId}>From</label>
        <input id={fromId} type="date" value={custom.from} max={isoDay(today)} onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
        <label htmlFor={toId}>To</label>
        <input id={toId} type="date" value={custom.to} max={isoDay(today)} onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
        <button type="submit" className="stats-toggle" aria-pressed={settings.range === 'custom'}>
          Apply
        </button>
      </form>
      {error && (
        <p className="stats-range__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
