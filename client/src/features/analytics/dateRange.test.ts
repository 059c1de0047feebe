import { describe, expect, it } from 'vitest';
import { rangeInstants, readChartSettings, writeChartSettings } from './dateRange';

const today = new Date('2026-11-25T15:00:00Z');

describe('chart settings in the URL', () => {
  it('defaults to the last 30 days of views by day', () => {
    expect(readChartSettings(new URLSearchParams(), today)).toEqual({ range: '30d', from: '2026-10-27', to: '2026-11-25', metric: 'VIEWS', interval: 'DAY' });
  });

  it('reads presets and custom ranges, and round-trips through the URL keeping other parameters', () => {
    expect(readChartSettings(new URLSearchParams('statsRange=7d'), today)).toMatchObject({ from: '2026-11-19', to: '2026-11-25' });
    const custom = { range: 'custom', from: '2026-01-01', to: '2026-02-01', metric: 'LIKES', interval: 'WEEK' } as const;
    const params = writeChartSettings(new URLSearchParams('role=3'), custom);
    expect(params.get('role')).toBe('3');
    expect(readChartSettings(params, today)).toEqual(custom);
    expect(rangeInstants(custom)).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T23:59:59.999Z' });
  });

  it('ignores malformed or backwards days and holds a custom range by day to 400 days', () => {
    expect(readChartSettings(new URLSearchParams('statsRange=custom&statsFrom=2026-13-45&statsTo=2026-11-01'), today).range).toBe('30d');
    expect(readChartSettings(new URLSearchParams('statsRange=custom&statsFrom=2026-11-02&statsTo=2026-11-01'), today).range).toBe('30d');
    expect(readChartSettings(new URLSearchParams('statsRange=custom&statsFrom=2020-01-01&statsTo=2026-11-01'), today).from).toBe('2025-09-28');
  });
});
