import { InvalidInput } from '../errors/app-errors.js';
import type { Connection } from './connection.js';
import type { ForwardPageArgs } from './pagination.js';

/**
 * Paging by position, for rankings that have no stable key to resume from (search relevance).
 * The cursor is still opaque; lists with an id order use the keyset helpers instead.
 */
export interface OffsetPage {
  offset: number;
  size: number;
}

export function readOffsetPage(args: ForwardPageArgs, defaultSize: number): OffsetPage {
  return { offset: args.after ? decodeOffsetCursor(args.after) + 1 : 0, size: args.first ?? defaultSize };
}

function encodeOffsetCursor(position: number): string {
  return Buffer.from(`at:${position}`).toString('base64url');
}

function decodeOffsetCursor(cursor: string): number {
  const match = /^at:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new InvalidInput('Invalid cursor');
  return Number(match[1]);
}

export function offsetConnection<T>(items: T[], page: OffsetPage, hasMore: boolean): Connection<T> {
  const edges = items.map((node, index) => ({ cursor: encodeOffsetCursor(page.offset + index), node }));
  return {
    edges,
    nodes: items,
    pageInfo: { hasNextPage: hasMore, hasPreviousPage: page.offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
