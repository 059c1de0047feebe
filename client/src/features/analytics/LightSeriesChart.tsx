/**
 * The drawing for short series (up to dateRange's LIGHT_CHART_MAX_POINTS): the same axes, line, fill, points
 * and bars as the uPlot drawing (SeriesChart), as a few SVG elements. A post's chart sits on the
 * first phone screen, so what draws it is part of the page's first load: this is ~1 KB gz where
 * uPlot is ~23 KB (docs/product.md §Performance). Long ranges still go to uPlot, made for hundreds
 * of points.
 */
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '@domain/format';
import { axisTicks } from './axisTicks';
import type { SeriesChartProps } from './SeriesChart';

const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 52 };
/** The least room between two date labels, as uPlot's `space: 60` for the x axis. */
const X_LABEL_SPACE = 60;
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function LightSeriesChart({ times, values, bars }: SeriesChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  // Follows the column's width (phone rotation, sidebar), as the uPlot drawing does.
  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    setWidth(element.clientWidth || 300);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const count = values.length;
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  // The same y axis as the uPlot drawing: whole, round, distinct ticks from 0 to the first at or above the top.
  const { min: low, max: high, ticks: yTicks } = axisTicks(values);

  // Bars sit in slots; a line runs from the first point to the last.
  const slot = count > 0 ? plotWidth / count : 0;
  const x = (index: number) => PAD.left + (bars ? slot * (index + 0.5) : count > 1 ? (plotWidth * index) / (count - 1) : plotWidth / 2);
  const y = (value: number) => PAD.top + plotHeight - ((value - low) / (high - low)) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(X_LABEL_SPACE / Math.max(1, bars ? slot : plotWidth / Math.max(1, count - 1))));
  const line = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const base = y(Math.max(low, 0)).toFixed(1);
  const barWidth = Math.min(slot * 0.7, 40);

  return (
    <div ref={holder} className="stats-chart__canvas" data-testid="stats-chart-canvas" aria-hidden="true">
      {width > 0 && count > 0 && (
        <svg className="light-chart" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`}>
          {yTicks.map((tick) => (
            <g key={tick}>
              <line className="light-chart__grid" x1={PAD.left} x2={PAD.left + plotWidth} y1={y(tick)} y2={y(tick)} />
              <text className="light-chart__label" x={PAD.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {times.map((seconds, index) =>
            index % labelEvery === 0 ? (
              <text key={seconds} className="light-chart__label" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
                {dayLabel.format(new Date(seconds * 1000))}
              </text>
            ) : null,
          )}
          {bars ? (
            values.map((value, index) => (
              <rect
                key={times[index]}
                className="light-chart__bar"
                x={x(index) - barWidth / 2}
                y={Math.min(y(value), Number(base))}
                width={barWidth}
                height={Math.abs(Number(base) - y(value))}
              />
            ))
          ) : (
            <>
              <polygon className="light-chart__fill" points={`${x(0).toFixed(1)},${base} ${line} ${x(count - 1).toFixed(1)},${base}`} />
              <polyline className="light-chart__line" points={line} />
              {/* As the uPlot drawing: dots while they stay apart (a month of days). */}
              {count <= 31 && values.map((value, index) => <circle key={times[index]} className="light-chart__point" cx={x(index)} cy={y(value)} r={2.5} />)}
            </>
          )}
        </svg>
      )}
    </div>
  );
}
