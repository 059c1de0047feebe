import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MILESTONE_THRESHOLDS, MILESTONE_TYPES, milestonesCrossed, type MilestoneCrossing } from './milestones.js';

describe('milestonesCrossed', () => {
  it.each<[number | null, number | null, number[]]>([
    [0, 999, []],
    [999, 1000, [1_000]],
    [1000, 1001, []],
    [999, 10_000, [1_000, 10_000]],
    [null, 1_200_000, [1_000, 10_000, 100_000, 1_000_000]],
    [5_000, 4_000, []],
    [5_000, null, []],
    [99_999, 100_000, [100_000]],
  ])('views %s → %s passes %j', (before, after, thresholds) => {
    expect(milestonesCrossed({ views: before }, { views: after })).toEqual(thresholds.map((threshold) => ({ type: 'views', threshold })));
  });

  it('reports every type on its own scale', () => {
    expect(milestonesCrossed({ views: 0, likes: 900, posts: 9 }, { views: 500, likes: 1_000, posts: 10 })).toEqual<MilestoneCrossing[]>([
      { type: 'likes', threshold: 1_000 },
      { type: 'posts', threshold: 10 },
    ]);
  });

  it('never reports the same milestone for two steps in a row, and the steps add up to the whole jump', () => {
    const value = fc.integer({ min: 0, max: 2_000_000_000 });
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        const [low, middle, high] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
        const first = milestonesCrossed({ views: low }, { views: middle });
        const second = milestonesCrossed({ views: middle }, { views: high });
        const whole = milestonesCrossed({ views: low }, { views: high });
        expect([...first, ...second]).toEqual(whole);
        for (const crossing of whole) expect(crossing.threshold > low && crossing.threshold <= high).toBe(true);
      }),
    );
  });

  it('keeps thresholds ascending and distinct for every type', () => {
    for (const type of MILESTONE_TYPES) {
      const thresholds = MILESTONE_THRESHOLDS[type];
      expect([...thresholds].sort((a, b) => a - b)).toEqual(thresholds);
      expect(new Set(thresholds).size).toBe(thresholds.length);
    }
  });
});
