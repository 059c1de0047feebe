/**
 * How a creator arranges their portfolio (docs/product.md §Profiles): pinned posts lead it in the
 * creator's order, hidden ones stay credited but are not shown to anyone else.
 */

/**
 * At most 12 pinned posts: an application carries at most 12 posts (docs/product.md §Jobs), so
 * every pin can be proposed when applying, and 12 fills whole rows of a grid of 2, 3, 4 or 6
 * columns. GitHub pins 6 repositories and Behance features a handful of projects: a pin is a
 * choice, and a dozen keeps it one while leaving room for a body of work.
 */
export const MAX_PINNED_POSTS = 12;

/** Where a credited post sits on its creator's profile. */
export type PortfolioPlacement = 'pinned' | 'shown' | 'hidden';

export const PORTFOLIO_MESSAGES = {
  tooManyPins: `You can pin up to ${MAX_PINNED_POSTS} posts. Unpin one first.`,
  notInPortfolio: 'That post is not in your portfolio.',
  notPinned: 'That post is not pinned.',
  onlyOwner: 'Only the profile’s owner can arrange its posts.',
} as const;
