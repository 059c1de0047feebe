import { afterEach, describe, expect, it, vi } from 'vitest';

type Report = (metric: { name: string; value: number }) => void;
const registered: Record<string, Report> = {};

vi.mock('web-vitals', () => ({
  onFCP: (report: Report) => (registered.FCP = report),
  onLCP: (report: Report) => (registered.LCP = report),
  onCLS: (report: Report) => (registered.CLS = report),
  onTTFB: (report: Report) => (registered.TTFB = report),
  onINP: (report: Report) => (registered.INP = report),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  for (const key of Object.keys(registered)) delete registered[key];
});

describe('showVitals', () => {
  it('rates each metric against the product thresholds', async () => {
    const { describeVital } = await import('./webVitals');
    expect(describeVital('FCP', 1800)).toBe('[web-vitals] FCP 1800 ms (good)');
    expect(describeVital('FCP', 3000)).toBe('[web-vitals] FCP 3000 ms (needs-improvement)');
    expect(describeVital('LCP', 4001)).toBe('[web-vitals] LCP 4001 ms (poor)');
    expect(describeVital('CLS', 0.1)).toBe('[web-vitals] CLS 0.100 (good)');
    expect(describeVital('CLS', 0.26)).toBe('[web-vitals] CLS 0.260 (poor)');
    expect(describeVital('TTFB', 801)).toBe('[web-vitals] TTFB 801 ms (needs-improvement)');
    expect(describeVital('INP', 200)).toBe('[web-vitals] INP 200 ms (good)');
    expect(describeVital('INP', 501)).toBe('[web-vitals] INP 501 ms (poor)');
  });

  it('logs all five metrics to the console when the page has ?showVitals, once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { reportWebVitalsIfAsked } = await import('./webVitals');
    reportWebVitalsIfAsked('?showVitals');
    reportWebVitalsIfAsked('?showVitals=1');
    await vi.waitFor(() => expect(Object.keys(registered).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']));

    registered.LCP?.({ name: 'LCP', value: 2600 });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('[web-vitals] LCP 2600 ms (needs-improvement)');
  });

  it('stays quiet without the flag', async () => {
    const { reportWebVitalsIfAsked } = await import('./webVitals');
    reportWebVitalsIfAsked('?tags=x');
    // Had the call asked for the library, its import would settle before this one.
    await import('web-vitals');
    expect(registered).toEqual({});
  });
});
