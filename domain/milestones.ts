/**
 * Milestones (docs/product.md §Analytics and milestones): round numbers a post, an account or a
 * person passes. Pure rules only; the server records each one reached once (milestones_reached).
 */

export const MILESTONE_TYPES = ['views', 'likes', 'posts'] as const;
/** views and likes: the summed latest numbers; posts: posts credited (person) or posted (account). */
export type MilestoneType = (typeof MILESTONE_TYPES)[number];

export const MILESTONE_SUBJECTS = ['post', 'account', 'user'] as const;
export type MilestoneSubject = (typeof MILESTONE_SUBJECTS)[number];

/**
 * The thresholds per type, smallest first. Views and likes start at 1k and go by tens (as
 * YouTube's creator awards and Behance's appreciations badges do); credited posts are counted
 * in smaller steps, since a person's body of work grows by tens, not thousands.
 */
export const MILESTONE_THRESHOLDS: Readonly<Record<MilestoneType, readonly number[]>> = Object.freeze({
  views: Object.freeze([1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]),
  likes: Object.freeze([1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]),
  posts: Object.freeze([10, 50, 100, 500, 1_000]),
});

/** The numbers one subject had before and after a refresh; null means not known (never reported). */
export type MilestoneTotals = Readonly<Partial<Record<MilestoneType, number | null>>>;

export interface MilestoneCrossing {
  type: MilestoneType;
  threshold: number;
}

/**
 * The thresholds passed going from `before` to `after`: every threshold t with before < t ≤ after.
 * An unknown `before` counts as 0 (a first reading of 1.2M passes 1k, 10k, 100k and 1M; the
 * reached table keeps any of them from being announced twice). Numbers that go down (a network
 * correcting its count) pass nothing, and a milestone once reached stays reached.
 */
export function milestonesCrossed(before: MilestoneTotals, after: MilestoneTotals): MilestoneCrossing[] {
  const crossings: MilestoneCrossing[] = [];
  for (const type of MILESTONE_TYPES) {
    const next = after[type];
    if (next === null || next === undefined || !Number.isFinite(next)) continue;
    const previous = before[type];
    const from = previous === null || previous === undefined || !Number.isFinite(previous) ? 0 : previous;
    for (const threshold of MILESTONE_THRESHOLDS[type]) {
      if (from < threshold && threshold <= next) crossings.push({ type, threshold });
    }
  }
  return crossings;
}

