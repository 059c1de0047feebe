/**
 * The chart's date range, kept in the page's URL so a chart can be shared and survives a reload:
 * `statsRange=7d|30d|90d|custom`, with `statsFrom`/`statsTo` (YYYY-MM-DD, UTC days) for custom,
 * plus `statsMetric` and `statsInterval`. Prefixed so they never clash with a page's own filters.
 */

export const RANGE_PRESETS = [
  { key: '7d', days: 7, label: '7 days' },
  { key: '30d', days: 30, label: '30 days' },
  { key: '90d', days: 90, label: '90 days' },
] as const;

export type RangePresetKey = (typeof RANGE_PRESETS)[number]['key'];
export type RangeKey = RangePresetKey | 'custom';
export type ChartMetric = 'VIEWS' | 'LIKES' | 'POSTS';
export type ChartInterval = 'DAY' | 'WEEK';

export const DEFAULT_RANGE: RangePresetKey = '30d';
/**
 * Up to this many points the chart is drawn as SVG (LightSeriesChart), above it with uPlot: about
 * two months of days, so the usual 7 and 30 days (and most ranges by week) need no chart library.
 */
export const LIGHT_CHART_MAX_POINTS = 62;
/** The server draws at most 400 points; a custom range by day is held to that. */
export const MAX_DAYS = 400;

export interface ChartSettings {
  range: RangeKey;
  /** First and last day, YYYY-MM-DD (UTC). */
  from: string;
  to: string;
  metric: ChartMetric;
  interval: ChartInterval;
}

export const PARAM = { range: 'statsRange', from: 'statsFrom', to: 'statsTo', metric: 'statsMetric', interval: 'statsInterval' } as const;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function isDay(text: string | null): text is string {
  return text !== null && DAY_PATTERN.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` days ending today (UTC), today included. */
export function presetDays(days: number, today: Date): { from: string; to: string } {
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today) };
}

/** Reads the settings from the URL; anything missing or malformed falls back to the last 30 days of views by day. */
export function readChartSettings(params: URLSearchParams, today: Date): ChartSettings {
  const metricParam = params.get(PARAM.metric);
  const metric: ChartMetric = metricParam === 'LIKES' || metricParam === 'POSTS' ? metricParam : 'VIEWS';
  const interval: ChartInterval = params.get(PARAM.interval) === 'WEEK' ? 'WEEK' : 'DAY';
  const rangeParam = params.get(PARAM.range);
  const from = params.get(PARAM.from);
  const to = params.get(PARAM.to);
  if (rangeParam === 'custom' && isDay(from) && isDay(to) && from <= to) {
    // Held to 400 days by day (the server's bound); weeks may go further back.
    const capped = interval === 'DAY' && daysBetween(from, to) > MAX_DAYS ? presetDays(MAX_DAYS, new Date(`${to}T00:00:00Z`)).from : from;
    return { range: 'custom', from: capped, to, metric, interval };
  }
  const preset = RANGE_PRESETS.find((candidate) => candidate.key === rangeParam) ?? RANGE_PRESETS.find((candidate) => candidate.key === DEFAULT_RANGE)!;
  return { range: preset.key, ...presetDays(preset.days, today), metric, interval };
}

/** Writes the settings into a copy of the page's parameters (others kept); presets store no days. */
export function writeChartSettings(params: URLSearchParams, settings: ChartSettings): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PARAM.range, settings.range);
  if (settings.range === 'custom') {
    next.set(PARAM.from, settings.from);
    next.set(PARAM.to, settings.to);
  } else {
    next.delete(PARAM.from);
    next.delete(PARAM.to);
  }
  next.set(PARAM.metric, settings.metric);
  next.set(PARAM.interval, settings.interval);
  return next;
}

/** The series' time range as instants: from the first day's start to the last day's end. */
export function rangeInstants(settings: ChartSettings): { from: string; to: string } {
  return { from: `${settings.from}T00:00:00.000Z`, to: `${settings.to}T23:59:59.999Z` };
}
