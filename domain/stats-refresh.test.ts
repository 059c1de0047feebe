import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextStatsRefreshAt } from './stats-refresh.js';

const now = new Date('2026-11-21T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const hoursFromNow = (date: Date) => (date.getTime() - now.getTime()) / 3_600_000;

describe('nextStatsRefreshAt', () => {
  it.each([
    [1, 1],
    [23, 1],
    [24, 6],
    [24 * 6, 6],
    [24 * 7, 24],
    [24 * 29, 24],
    [24 * 30, 24 * 7],
    [24 * 400, 24 * 7],
  ])('a post %i hours old is refreshed again in %i hours', (age, every) => {
    expect(hoursFromNow(nextStatsRefreshAt(hoursAgo(age), now))).toBe(every);
  });

  it('treats a publish date in the future as new', () => {
    expect(hoursFromNow(nextStatsRefreshAt(new Date(now.getTime() + 3_600_000), now))).toBe(1);
  });

  it('never refreshes older posts more often than newer ones', () => {
    fc.assert(
      fc.property(fc.nat(24 * 1000), fc.nat(24 * 1000), (a, b) => {
        const [younger, older] = a < b ? [a, b] : [b, a];
        expect(nextStatsRefreshAt(hoursAgo(older), now).getTime()).toBeGreaterThanOrEqual(nextStatsRefreshAt(hoursAgo(younger), now).getTime());
      }),
    );
  });
});
