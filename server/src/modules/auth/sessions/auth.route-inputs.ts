import { z } from 'zod';
import { optionalText } from '../auth-inputs.js';

/** Refresh tokens are 43 characters; the bound only keeps junk out. */
const REFRESH_TOKEN_MAX = 4_096;

/**
 * POST /api/auth/refresh and /api/auth/signout: bearer clients send `{ refreshToken }`, the web
 * sends no body (its refresh token is a cookie).
 */
export const refreshTokenBody = z.object({ refreshToken: optionalText('refreshToken', REFRESH_TOKEN_MAX) }, { error: 'Send the refresh token as { "refreshToken": "…" }.' }).optional();
