import { z } from 'zod';

const INVALID_ID = { error: 'Invalid id' } as const;

/** A database id in a path or query: the digits of a positive safe integer (`Invalid id` otherwise). */
export const databaseIdText = z
  .string(INVALID_ID)
  .regex(/^\d{1,16}$/, INVALID_ID)
  .transform(Number)
  .refine((id) => Number.isSafeInteger(id) && id > 0, INVALID_ID);

/** A positive integer sent either as a JSON number or as its digits. */
export const databaseIdValue = z.union(
  [z.number(INVALID_ID).int(INVALID_ID).positive(INVALID_ID).max(Number.MAX_SAFE_INTEGER, INVALID_ID), databaseIdText],
  INVALID_ID,
);
