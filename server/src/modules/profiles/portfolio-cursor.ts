import { InvalidInput } from '../../errors/app-errors.js';

/** How the portfolio grid is sorted: newest first, or most viewed first. */
export const PORTFOLIO_ORDERS = ['date', 'views'] as const;
export type PortfolioOrder = (typeof PORTFOLIO_ORDERS)[number];

/**
 * Where a grid page ends: the pin position of its last post (pinned posts lead the grid, in the
 * owner's order; null once past them), the sort key of that post and its id (the tie-breaker).
 * Keys are whole numbers for both orders (views, or the date in microseconds since 1970), so
 * the cursor carries PostgreSQL's exact value and no row is skipped or repeated between pages.
 */
export interface PortfolioCursor {
  order: PortfolioOrder;
  pin: number | null;
  key: string;
  id: number;
}

export function encodePortfolioCursor(cursor: PortfolioCursor): string {
  return Buffer.from(`portfolio:${cursor.order}:${cursor.pin ?? '-'}:${cursor.key}:${cursor.id}`).toString('base64url');
}

// 18 digits keep every key inside PostgreSQL's bigint; ids are integers.
const CURSOR_PATTERN = /^portfolio:(date|views):(-|\d{1,2}):(-?\d{1,18}):(\d{1,9})$/;

/** A cursor from this list in the same order, or InvalidInput (never a database error). */
export function decodePortfolioCursor(text: string, order: PortfolioOrder): PortfolioCursor {
  const match = CURSOR_PATTERN.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || match[1] !== order) throw new InvalidInput('Invalid cursor');
  return { order, pin: match[2] === '-' ? null : Number(match[2]), key: match[3]!, id: Number(match[4]) };
}
