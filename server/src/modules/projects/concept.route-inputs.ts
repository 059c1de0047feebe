import { z } from 'zod';
import { CONCEPT_MESSAGES } from '../../../../domain/project-concepts.js';
import { databaseIdText } from '../../http/input-schemas.js';

const WIDTH_MESSAGE = { error: 'w must be a width in pixels.' } as const;
const VERSION_MESSAGE = { error: 'v must be the version of a picture.' } as const;

/**
 * POST /api/projects/:id/concepts/picture?caption= — the picture is the raw body (Content-Type
 * image/jpeg, png, webp or gif), capped while it streams, as a profile picture's upload is.
 */
export const conceptPictureUploadInput = {
  params: z.object({ id: databaseIdText }),
  query: z.object({ caption: z.string().max(2_000, { error: CONCEPT_MESSAGES.captionTooLong }).optional() }),
};

/** GET /media/project-concepts/:id/picture?w=&v= — a served width and the version from pictureUrl. */
export const conceptPictureInput = {
  params: z.object({ id: databaseIdText }),
  query: z.object({
    w: z.string(WIDTH_MESSAGE).regex(/^\d{1,5}$/, WIDTH_MESSAGE).transform(Number).optional(),
    v: z.string(VERSION_MESSAGE).regex(/^[0-9a-f]{1,16}$/, VERSION_MESSAGE).optional(),
  }),
};
