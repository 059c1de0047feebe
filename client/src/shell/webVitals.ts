import { rateWebVital, type WebVitalName } from '@domain/constants';

let started = false;

/** One console line per metric, e.g. `[web-vitals] LCP 1234 ms (good)`. */
export function describeVital(name: WebVitalName, value: number): string {
  const shown = name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
  return `[web-vitals] ${name} ${shown} (${rateWebVital(name, value)})`;
}

/**
 * docs/product.md §Shell: the `showVitals` query flag logs page-performance metrics to the
 * console, rated against the thresholds of §Constants. The library loads only when asked for, and
 * only once per page load (the metrics belong to the load).
 */
export function reportWebVitalsIfAsked(search: string): void {
  if (started || !new URLSearchParams(search).has('showVitals')) return;
  started = true;
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const log = (metric: { name: WebVitalName; value: number }) => console.log(describeVital(metric.name, metric.value));
    onFCP(log);
    onLCP(log);
    onCLS(log);
    onTTFB(log);
    onINP(log);
  });
}
