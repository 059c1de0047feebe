import { z } from 'zod';
import { databaseIdText } from '../../../http/input-schemas.js';

const WIDTH_MESSAGE = { error: 'w must be a width in pixels.' } as const;
const VERSION_MESSAGE = { error: 'v must be the version of a picture.' } as const;

/**
 * POST /api/users/me/avatar — reads no params, query or JSON: the picture is the raw body
 * (Content-Type image/jpeg, png, webp or gif), capped while it streams (upload-body.ts) and
 * checked by what its bytes are (avatar-store.ts).
 */
export const avatarUploadInput = {};

/** GET /media/users/:id/avatar?w=&v= — a served width (the next one at or above w) and the version from avatarUrl. */
export const avatarPictureInput = {
  params: z.object({ id: databaseIdText }),
  query: z.object({
    w: z.string(WIDTH_MESSAGE).regex(/^\d{1,5}$/, WIDTH_MESSAGE).transform(Number).optional(),
    v: z.string(VERSION_MESSAGE).regex(/^[0-9a-f]{1,16}$/, VERSION_MESSAGE).optional(),
  }),
};
