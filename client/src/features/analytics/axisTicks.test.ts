import { describe, expect, it } from 'vitest';
import { formatCount } from '@domain/format';
import { axisTicks } from './axisTicks';

describe('value axis ticks', () => {
  it.each([
    ['every value zero', [0, 0, 0], [0, 1]],
    ['no values at all', [], [0, 1]],
    ['a single one', [0, 1, 0], [0, 1]],
    ['0..3', [0, 1, 3, 2], [0, 1, 2, 3]],
    ['0..7', [0, 7, 3], [0, 2, 4, 6, 8]],
    ['0..10', [10, 4], [0, 5, 10]],
    ['thousands', [0, 1200, 2500, 5400], [0, 2000, 4000, 6000]],
    ['millions', [120_000, 3_400_000], [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]],
    ['billions', [0, 1_234_567_890], [0, 500_000_000, 1_000_000_000, 1_500_000_000]],
    ['a drop below zero', [-3, 5], [-4, -2, 0, 2, 4, 6]],
  ])('%s', (_case, values, expected) => {
    const { min, max, ticks } = axisTicks(values);
    expect(ticks).toEqual(expected);
    expect([min, max]).toEqual([expected[0], expected.at(-1)]);
  });

  it('never steps by a fraction of a count', () => {
    for (let top = 0; top <= 50; top++) {
      for (const tick of axisTicks([top]).ticks) expect(Number.isInteger(tick)).toBe(true);
    }
  });

  it('reaches the highest value and starts at zero', () => {
    for (const top of [1, 9, 99, 101, 999, 1001, 45_678, 9_999_999]) {
      const { ticks } = axisTicks([top]);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(top);
    }
  });

  it('widens the step when written labels would repeat', () => {
    // 1,000,040 in a hundred parts would step by 20k: 1m and 1.02m both read "1m".
    const { ticks } = axisTicks([1_000_040], 100);
    const labels = ticks.map(formatCount);
    expect(new Set(labels).size).toBe(labels.length);
    expect(ticks[1]).toBe(50_000);
  });
});
