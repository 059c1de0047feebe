import { z } from 'zod';
import { databaseIdValue } from '../../http/input-schemas.js';

/** POST /api/admin/masquerade { userId }: the account to act as (a number or its digits). */
export const startMasqueradeBody = z.object({ userId: databaseIdValue }, { error: 'Invalid id' });

/**
 * DELETE /api/admin/masquerade: bearer clients send the admin's own refresh token back (web
 * clients keep it in a cookie and send no body). Bounded like any token we issue.
 */
export const stopMasqueradeBody = z
  .object({ adminRefreshToken: z.string({ error: 'adminRefreshToken must be text.' }).max(4096, { error: 'adminRefreshToken is too long.' }).optional() })
  .optional();
