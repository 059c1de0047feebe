import { z } from 'zod';
import { MAX_INT_ID } from '../db/id-range.js';

const INVALID_ID = { error: 'Invalid id' } as const;

/** A database id in a path or query: the digits of a positive integer an `int` column holds (`Invalid id` otherwise). */
export const databaseIdText = z
  .string(INVALID_ID)
  .regex(/^\d{1,10}$/, INVALID_ID)
  .transform(Number)
  .refine((id) => id > 0 && id <= MAX_INT_ID, INVALID_ID);

/** A positive integer sent either as a JSON number or as its digits. */
export const databaseIdValue = z.union(
  [z.number(INVALID_ID).int(INVALID_ID).positive(INVALID_ID).max(MAX_INT_ID, INVALID_ID), databaseIdText],
  INVALID_ID,
);
