import { ArgsType, Field, Int } from 'type-graphql';
import { InvalidInput } from '../errors/app-errors.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `How many to return, at most ${MAX_PAGE_SIZE}.` })
  first: number = DEFAULT_PAGE_SIZE;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}

/** Keyset page over a numeric id, newest first: stable under inserts and cheap at any depth. */
export interface IdPage {
  limit: number;
  beforeId: number | null;
}

export function readIdPage(args: PageArgs): IdPage {
  if (!Number.isInteger(args.first) || args.first < 1 || args.first > MAX_PAGE_SIZE) {
    throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  return { limit: args.first, beforeId: args.after ? decodeCursor(args.after) : null };
}

export function encodeCursor(id: number): string {
  return Buffer.from(`id:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^id:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw new InvalidInput('Invalid cursor');
  return id;
}

/** Turns `limit + 1` fetched rows into a page: the extra row only says whether there is more. */
export function toPage<T extends { id: number }>(rows: T[], limit: number): { nodes: T[]; endCursor: string | null; hasNextPage: boolean } {
  const nodes = rows.slice(0, limit);
  const last = nodes.at(-1);
  return { nodes, endCursor: last ? encodeCursor(last.id) : null, hasNextPage: rows.length > limit };
}
