import { ArgsType, Field, Int } from 'type-graphql';
import { MAX_INT_ID } from '../db/id-range.js';
import { InvalidInput } from '../errors/app-errors.js';
import type { Connection } from './connection.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `first`/`after`: for lists whose order only runs one way (search results by relevance). */
@ArgsType()
export class ForwardPageArgs {
  @Field(() => Int, { nullable: true, description: `How many to return from the start (or after \`after\`), 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when neither first nor last is given.` })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Return what comes after this cursor (the endCursor of the previous page).' })
  after?: string | null;
}

/** The full Relay set: `first`/`after` forwards, `last`/`before` backwards. */
@ArgsType()
export class PageArgs extends ForwardPageArgs {
  @Field(() => Int, { nullable: true, description: `How many to return from the end (or before \`before\`), 1 to ${MAX_PAGE_SIZE}.` })
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'Return what comes before this cursor (the startCursor of the next page).' })
  before?: string | null;
}

/**
 * One page of a keyset-paginated list. Keysets (not offsets) stay stable while rows are added
 * and cost the same at any depth: the cursor is the id of the row it points at.
 */
export interface KeysetPage {
  size: number;
  /** Paging with last/before: rows are fetched from the far end and turned round. */
  backward: boolean;
  /** The id of the row named by after (forward) or before (backward). */
  cursorId: number | null;
}

export function readKeysetPage(args: PageArgs | ForwardPageArgs): KeysetPage {
  const { last = null, before = null } = args as PageArgs;
  const first = args.first ?? null;
  if (first !== null && last !== null) throw new InvalidInput('Pass first or last, not both');
  if ((args.after && (last !== null || before)) || (before && first !== null)) {
    throw new InvalidInput('Page forwards with first/after or backwards with last/before');
  }
  if (last !== null || before) {
    return { size: checkSize('last', last ?? DEFAULT_PAGE_SIZE), backward: true, cursorId: before ? decodeCursor(before) : null };
  }
  return { size: checkSize('first', first ?? DEFAULT_PAGE_SIZE), backward: false, cursorId: args.after ? decodeCursor(args.after) : null };
}

function checkSize(name: 'first' | 'last', size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new InvalidInput(`${name} must be between 1 and ${MAX_PAGE_SIZE}`);
  return size;
}

export function encodeCursor(id: number): string {
  return Buffer.from(`id:${id}`).toString('base64url');
}

/** The row id in a keyset cursor; every list paged this way is keyed by an `int` (db/id-range.ts). */
export function decodeCursor(cursor: string): number {
  const match = /^id:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : null;
  if (id === null || id > MAX_INT_ID) throw new InvalidInput('Invalid cursor');
  return id;
}

export type IdOrder = 'asc' | 'desc';

/** What to ask the database for one keyset page: rows past the cursor, in fetch order, one extra. */
export interface IdWindow {
  /** A MikroORM condition on the id column; undefined on the first page. */
  idCondition: { $lt: number } | { $gt: number } | undefined;
  orderBy: IdOrder;
  limit: number;
}

/** `order` is the list's own order (newest first is `desc`); backward pages fetch it reversed. */
export function idWindow(page: KeysetPage, order: IdOrder): IdWindow {
  const fetchOrder: IdOrder = page.backward ? (order === 'asc' ? 'desc' : 'asc') : order;
  const idCondition = page.cursorId === null ? undefined : fetchOrder === 'desc' ? { $lt: page.cursorId } : { $gt: page.cursorId };
  return { idCondition, orderBy: fetchOrder, limit: page.size + 1 };
}

/**
 * Turns the `size + 1` rows fetched through `idWindow` into a connection; the extra row only says
 * whether there is more. Past a cursor the rows before it are taken to exist (the Relay spec lets
 * a server say so without another query).
 */
export function connectionFromRows<T>(
  fetched: readonly T[],
  page: KeysetPage,
  idOf: (row: T) => number,
  countTotal?: () => Promise<number>,
): Connection<T> {
  const hasMore = fetched.length > page.size;
  const rows = fetched.slice(0, page.size);
  if (page.backward) rows.reverse();
  const edges = rows.map((node) => ({ cursor: encodeCursor(idOf(node)), node }));
  return {
    edges,
    nodes: rows,
    pageInfo: {
      hasNextPage: page.backward ? page.cursorId !== null : hasMore,
      hasPreviousPage: page.backward ? hasMore : page.cursorId !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    ...(countTotal ? { countTotal } : {}),
  };
}

/** The usual case: rows with a numeric id, fetched by the caller through the window. */
export async function findConnection<T extends { id: number }>(
  page: KeysetPage,
  order: IdOrder,
  fetch: (window: IdWindow) => Promise<T[]>,
  countTotal?: () => Promise<number>,
): Promise<Connection<T>> {
  return connectionFromRows(await fetch(idWindow(page, order)), page, (row) => row.id, countTotal);
}

/** A connection with nothing in it (a field another viewer may not see, say). */
export function emptyConnection<T>(): Connection<T> {
  return { edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null }, countTotal: async () => 0 };
}

