import { useQuery } from '@apollo/client/react';
import { lazy, useId, useMemo, useState, type ReactNode } from 'react';
import { EmptyState } from '@ui/EmptyState';
import { Part } from '@ui/Part';
import { useSearchParams } from '@router';
import { ANALYTICS_CALL_TIMEOUT_MS } from '@domain/constants';
import { formatCount } from '@domain/format';
import { StatsSeriesDocument, type StatsSubjectInput } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { DateText } from '@ui/DateText';
import { Skeleton } from '@ui/Skeleton';
import { formatDate } from '@ui/formatDate';
import { useNearViewport } from '@ui/useNearViewport';
import { DateRangePicker } from './DateRangePicker';
import { LIGHT_CHART_MAX_POINTS, rangeInstants, readChartSettings, writeChartSettings, type ChartMetric, type ChartSettings } from './dateRange';
import './analytics.css';

// The drawing loads when the first chart on a page comes near the screen, never with the app or
// with a page whose chart sits below the fold. Short series (the usual 7 or 30 days) are drawn as
// SVG (~1 KB gz); the chart library, uPlot (~23 KB gz), only for long ones (first-load budget).
const SeriesChart = lazy(() => import('./SeriesChart'));
const LightSeriesChart = lazy(() => import('./LightSeriesChart'));

/** Where the chart will be, while its library loads or until it comes near the screen. */
const CHART_PLACEHOLDER = <div className="stats-chart__canvas stats-chart__canvas--loading" />;

const METRIC_LABELS: Record<ChartMetric, { name: string; unit: string }> = {
  VIEWS: { name: 'Views', unit: 'views' },
  LIKES: { name: 'Likes', unit: 'likes' },
  POSTS: { name: 'Posts', unit: 'posts' },
};

/** The product's words for a range with nothing in it (docs/product.md §Analytics and milestones). */
const NO_READINGS = 'No readings in this range yet.';

/**
 * Nothing to draw: no reading in the range and nothing carried into it, so every point is zero. The
 * chart then collapses to one line instead of an empty box; a range that carries numbers in
 * without new readings still draws them (flat), with the same words beneath.
 */
function hasNothingToDraw(series: { readAt?: unknown; points: ReadonlyArray<{ value: number }> }): boolean {
  return !series.readAt && series.points.every((point) => point.value === 0);
}

interface Props {
  subject: StatsSubjectInput;
  /** Which numbers may be chosen; a single post has no posts count. */
  metrics?: readonly ChartMetric[];
  heading?: string;
  /** More choices shown with the chart's own (the profile's role selector). */
  extraControls?: ReactNode;
}

/**
 * Views, likes or posts over a date range from Byline's stored readings (statsSeries): a range
 * picker (kept in the URL), day or week points, the total with k/m/b/t, and where and when the
 * numbers were read. The chart is drawn by a lazily loaded module; a table carries the same
 * numbers for screen readers.
 */
export function StatsChart({ subject, metrics = ['VIEWS', 'LIKES', 'POSTS'], heading = 'Analytics', extraControls }: Props) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => new Date());
  const read = readChartSettings(params, today);
  const settings: ChartSettings = metrics.includes(read.metric) ? read : { ...read, metric: metrics[0] ?? 'VIEWS' };
  const instants = rangeInstants(settings);
  const { data, previousData, loading, error } = useQuery(StatsSeriesDocument, {
    variables: { input: { subject, metric: settings.metric, interval: settings.interval, from: instants.from, to: instants.to } },
    context: { timeoutMs: ANALYTICS_CALL_TIMEOUT_MS },
  });
  const series = (data ?? previousData)?.statsSeries;
  const [observeChartBox, chartNearScreen] = useNearViewport<HTMLDivElement>();
  const label = METRIC_LABELS[settings.metric];

  const update = (next: ChartSettings) => setParams(writeChartSettings(params, next), { replace: true });

  const chartProps = useMemo(
    () =>
      series && {
        times: series.points.map((point) => Date.parse(point.start as string) / 1000),
        values: series.points.map((point) => point.value),
        label: label.name,
        bars: series.metric === 'POSTS',
        interval: series.interval,
      },
    [series, label.name],
  );

  return (
    <section className="stats" aria-labelledby={headingId} aria-busy={loading} data-testid="stats-chart">
      <h2 id={headingId}>{heading}</h2>
      <div className="stats__controls">
        {extraControls}
        {metrics.length > 1 && (
          <div role="group" aria-label="Numbers" className="stats__toggles">
            {metrics.map((metric) => (
              <button key={metric} type="button" className="stats-toggle" aria-pressed={settings.metric === metric} onClick={() => update({ ...settings, metric })}>
                {METRIC_LABELS[metric].name}
              </button>
            ))}
          </div>
        )}
        <div role="group" aria-label="Points" className="stats__toggles">
          <button type="button" className="stats-toggle" aria-pressed={settings.interval === 'DAY'} onClick={() => update({ ...settings, interval: 'DAY' })}>
            Days
          </button>
          <button type="button" className="stats-toggle" aria-pressed={settings.interval === 'WEEK'} onClick={() => update({ ...settings, interval: 'WEEK' })}>
            Weeks
          </button>
        </div>
      </div>
      <DateRangePicker key={`${settings.from}:${settings.to}`} settings={settings} today={today} onChange={update} />

      {error && !series && (
        <p className="notice notice--error" role="alert">
          {serverRefusal(error)?.message ?? 'The numbers could not be loaded. Try again in a moment.'}
        </p>
      )}
      {!series && !error && <Skeleton shape="card" lines={1} label="Loading numbers…" />}
      {series && hasNothingToDraw(series) && (
        <div data-testid="stats-empty">
          <EmptyState title={NO_READINGS} />
        </div>
      )}
      {series && chartProps && !hasNothingToDraw(series) && (
        <>
          <p className="stats__total" data-testid="stats-total">
            <span className="stats__total-value">{formatCount(series.total)}</span> {label.unit}
            {settings.metric === 'POSTS' ? ' by the end of the range' : ''}
            <span className="stats__change">
              {' · '}
              {series.change >= 0 ? '+' : ''}
              {formatCount(series.change)} in this range
            </span>
          </p>
          <div ref={observeChartBox} className="stats-chart" role="img" aria-label={`${label.name} from ${formatDate(settings.from)} to ${formatDate(settings.to)}, ${series.points.length} points`}>
            <Part fallback={CHART_PLACEHOLDER}>
              {!chartNearScreen ? CHART_PLACEHOLDER : chartProps.values.length <= LIGHT_CHART_MAX_POINTS ? <LightSeriesChart {...chartProps} /> : <SeriesChart {...chartProps} />}
            </Part>
          </div>
          <p className="stats__caption" data-testid="stats-caption">
            {series.source && series.readAt ? (
              <>
                from {series.source}, read <DateText iso={series.readAt as string} />
              </>
            ) : (
              NO_READINGS
            )}
          </p>
          <table className="visually-hidden" data-testid="stats-points" data-metric={series.metric} data-interval={series.interval}>
            <caption>{label.name} per {series.interval === 'DAY' ? 'day' : 'week'}</caption>
            <thead>
              <tr>
                <th scope="col">{series.interval === 'DAY' ? 'Day' : 'Week of'}</th>
                <th scope="col">{label.name}</th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((point) => (
                <tr key={point.start as string}>
                  <td>{(point.start as string).slice(0, 10)}</td>
                  <td>{formatCount(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
