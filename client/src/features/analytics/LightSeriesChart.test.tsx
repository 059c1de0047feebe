import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LightSeriesChart from './LightSeriesChart';

const DAY_S = 86_400;
const start = Date.UTC(2026, 10, 1) / 1000;
const times = (count: number) => Array.from({ length: count }, (_, index) => start + index * DAY_S);

describe('the SVG drawing of short series', () => {
  it('draws a line through every point, dots for a month of days, and counts on the y axis', () => {
    const values = [0, 1200, 2500, 2400, 5400];
    const { container } = render(<LightSeriesChart times={times(5)} values={values} label="Views" bars={false} interval="DAY" />);
    const line = container.querySelector('polyline');
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(5);
    expect(container.querySelectorAll('circle')).toHaveLength(5);
    const labels = Array.from(container.querySelectorAll('text'), (text) => text.textContent);
    expect(labels).toContain('Nov 1');
    // 10% above the top value, in round steps written as counts.
    expect(labels).toEqual(expect.arrayContaining(['0', '2k', '4k']));
  });

  it('labels the y axis with distinct whole counts when every value is zero or the range is tiny', () => {
    const yLabels = (values: number[]) => {
      const { container } = render(<LightSeriesChart times={times(values.length)} values={values} label="Posts" bars interval="DAY" />);
      return Array.from(container.querySelectorAll('text[text-anchor="end"]'), (text) => text.textContent);
    };
    expect(yLabels([0, 0, 0])).toEqual(['0', '1']);
    expect(yLabels([0, 3, 1])).toEqual(['0', '1', '2', '3']);
    expect(yLabels([2, 7])).toEqual(['0', '2', '4', '6', '8']);
  });

  it('draws bars for the posts count, and no dots for two months of days', () => {
    const bars = render(<LightSeriesChart times={times(3)} values={[1, 0, 2]} label="Posts" bars interval="DAY" />);
    expect(bars.container.querySelectorAll('rect')).toHaveLength(3);
    expect(bars.container.querySelector('polyline')).toBeNull();

    const long = render(<LightSeriesChart times={times(60)} values={times(60).map((_, index) => index)} label="Views" bars={false} interval="DAY" />);
    expect(long.container.querySelectorAll('circle')).toHaveLength(0);
  });
});
