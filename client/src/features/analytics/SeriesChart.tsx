/**
 * The drawing itself, with uPlot (https://github.com/leeoniya/uPlot): a maintained, dependency-free
 * time-series chart of about 50 kB that draws on a canvas, so hundreds of points stay smooth on
 * phones. This module is only ever loaded lazily (StatsChart's React.lazy), keeping the library
 * and its stylesheet out of the first-load JavaScript of pages without charts.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '@domain/format';
import { axisTicks } from './axisTicks';

export interface SeriesChartProps {
  /** Point starts, in seconds since 1970 (uPlot's time unit). */
  times: number[];
  values: number[];
  label: string;
  bars: boolean;
  interval: 'DAY' | 'WEEK';
}

const HEIGHT = 240;
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function options(props: SeriesChartProps, width: number): uPlot.Options {
  const stroke = getComputedStyle(document.documentElement).getPropertyValue('--color-teal').trim() || '#0e8c8d';
  // Whole, round, distinct ticks (uPlot's own would cut 0..1 into fractions that all read "0" or "1").
  const y = axisTicks(props.values);
  return {
    width,
    height: HEIGHT,
    // Buckets are UTC days and weeks: label them in UTC so a day never shows as the one before.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: () => [y.min, y.max] } },
    axes: [
      { values: (_chart, splits) => splits.map((seconds) => dayLabel.format(new Date(seconds * 1000))), space: 60 },
      { splits: () => y.ticks, values: (_chart, splits) => splits.map((value) => formatCount(value)), size: 48 },
    ],
    series: [
      {},
      {
        label: props.label,
        stroke,
        width: 2,
        fill: `${stroke}22`,
        points: { show: props.times.length <= 31 },
        ...(props.bars ? { paths: uPlot.paths.bars?.({ size: [0.7, 40] }), fill: `${stroke}aa`, points: { show: false } } : {}),
      },
    ],
  };
}

export default function SeriesChart(props: SeriesChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    const chart = new uPlot(options(props, element.clientWidth || 300), [props.times, props.values], element);
    // Follows the column's width (phone rotation, sidebar) without redrawing the data.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) chart.setSize({ width: Math.max(200, Math.floor(entry.contentRect.width)), height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [props]);

  return <div ref={holder} className="stats-chart__canvas" data-testid="stats-chart-canvas" aria-hidden="true" />;
}
