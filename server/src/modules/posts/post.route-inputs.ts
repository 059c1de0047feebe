import { z } from 'zod';
import { databaseIdText } from '../../http/input-schemas.js';

/** The product's words (docs/product.md §Posts) for any link the façade cannot take, whatever was wrong with it. */
const INVALID_URL = { error: 'Invalid url' } as const;

/** A link as pasted: trimmed, not empty, at most 2048 characters (longer ones are not post links). */
const pastedUrl = z.string(INVALID_URL).trim().min(1, INVALID_URL).max(2048, INVALID_URL);

/** GET /api/posts/by-url?url= */
export const postByUrlInput = { query: z.object({ url: pastedUrl }) };

/** POST /api/posts { url } */
export const trackPostInput = { body: z.object({ url: pastedUrl }, INVALID_URL) };

/** GET /api/posts/:id */
export const postByIdInput = { params: z.object({ id: databaseIdText }) };

/** GET /media/posts/:id/thumbnail?w= — the width in pixels, served at the nearest stored width at or above it. */
export const postThumbnailInput = {
  params: z.object({ id: databaseIdText }),
  query: z.object({
    w: z
      .string({ error: 'w must be a width in pixels.' })
      .regex(/^\d{1,5}$/, { error: 'w must be a width in pixels.' })
      .transform(Number)
      .optional(),
  }),
};
