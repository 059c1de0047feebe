import { Router, type RequestHandler } from 'express';
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, SETTINGS_MESSAGES, isAvatarContentType } from '../../../../../domain/profile-settings.js';
import { Forbidden, InvalidInput, NotFound } from '../../../errors/app-errors.js';
import type { HttpContextFactory, RouteDeps } from '../../users/index.js';
import { sendData } from '../../../http/rest.js';
import { validatedRoute } from '../../../http/validated-route.js';
import { auditViewer, recordAudit } from '../../audit/index.js';
import { consumeAttempt } from '../../../http/attempt-limit.js';
import { requireSettingsViewer } from '../settings.policy.js';
import { avatarPictureInput, avatarUploadInput } from './avatar.route-inputs.js';
import { AVATAR_STORED_WIDTH, avatarFromUpload, readAvatar, saveAvatar, servedAvatarWidth } from './avatar-store.js';
import { readLimitedBody } from '../../../http/upload-body.js';

/** Uploads one person may make per hour. */
export const AVATAR_UPLOADS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/users/me/avatar — uploads the viewer's profile picture as the raw request body and
 * answers `{ avatarUrl }`. Mounted before the /api JSON-only guard (cross-site-guard.ts), so it
 * makes the same check itself: an image content type is one no HTML form can send, and a call
 * the browser marks cross-site is refused.
 */
export function avatarUploadRoutes(deps: Pick<RouteDeps, 'contextFor'>, limiter: RequestHandler): Router {
  const router = Router();
  router.post(
    '/users/me/avatar',
    limiter,
    validatedRoute(avatarUploadInput, async (_input, req, res) => {
      // Until the body is read, an answer leaves it unread: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Requests from other sites are not accepted.');
      const contentType = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isAvatarContentType(contentType)) throw new InvalidInput(SETTINGS_MESSAGES.avatarType, { field: 'file' });
      const context = await deps.contextFor(req, res);
      const viewer = requireSettingsViewer(context);
      // Each upload costs a decode and a resize: a person changes their picture a few times, not hundreds.
      await consumeAttempt(context.em, `avatar:${viewer.user.id}`, AVATAR_UPLOADS_PER_HOUR, HOUR_MS);
      const bytes = await readLimitedBody(req, AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, { tooLarge: SETTINGS_MESSAGES.avatarTooLarge, timeout: SETTINGS_MESSAGES.avatarTimeout });
      res.removeHeader('Connection');
      if (bytes.length === 0) throw new InvalidInput(SETTINGS_MESSAGES.avatarUnreadable, { field: 'file' });
      const avatarUrl = await saveAvatar(context.em, viewer.user.id, await avatarFromUpload(bytes));
      recordAudit(context.em, auditViewer(viewer), { action: 'update', target: 'users', targetId: viewer.user.id, fields: { changed: ['avatar'] } });
      await context.em.flush();
      sendData(res, { avatarUrl });
    }),
  );
  return router;
}

/**
 * GET /media/users/:id/avatar?w=80&v=… — a profile picture at a served width. Profiles are
 * public, so pictures are too. The address of the current version never changes meaning, so it
 * is cached for good; an old version's address answers the current picture, briefly cached.
 */
export function avatarMediaRoutes(createContext: HttpContextFactory): Router {
  const router = Router();
  router.get(
    '/users/:id/avatar',
    validatedRoute(avatarPictureInput, async ({ params, query }, req, res) => {
      const { em } = await createContext(req, res);
      const picture = await readAvatar(em, params.id, servedAvatarWidth(query.w || AVATAR_STORED_WIDTH));
      if (!picture) throw new NotFound('Picture not found');
      res.setHeader('Content-Type', picture.contentType);
      res.setHeader('Cache-Control', query.v === picture.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(picture.bytes);
    }),
  );
  return router;
}
