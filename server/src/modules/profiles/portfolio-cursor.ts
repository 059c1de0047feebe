import { InvalidInput } from '../../errors/app-errors.js';

/** How the portfolio grid is sorted: newest first, or most viewed first. */
export const PORTFOLIO_ORDERS = ['date', 'views'] as const;
export type PortfolioOrder = (typeof PORTFOLIO_ORDERS)[number];

/**
 * Where a grid page ends: the sort key of its last post and that post's id (the tie-breaker).
 * Keys are whole numbers for both orders (views, or the date in microseconds since 1970), so
 * the cursor carries PostgreSQL's exact value and no row is skipped or repeated between pages.
 */
export interface PortfolioCursor {
  order: PortfolioOrder;
  key: string;
  id: number;
}

export function encodePortfolioCursor(cursor: PortfolioCursor): string {
  return Buffer.from(`portfolio:${cursor.order}:${cursor.key}:${cursor.id}`).toString('base64url');
}

// 18 digits keep every key inside PostgreSQL's bigint; ids are integers.
const CURSOR_PATTERN = /^portfolio:(date|views):(-?\d{1,18}):(\d{1,9})$/;

/** A cursor from this list in the same order, or InvalidInput (never a database error). */
export function decodePortfolioCursor(text: string, order: PortfolioOrder): PortfolioCursor {
  const match = CURSOR_PATTERN.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || match[1] !== order) throw new InvalidInput('Invalid cursor');
  return { order, key: match[2]!, id: Number(match[3]) };
}
