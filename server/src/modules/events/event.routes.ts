import { randomBytes } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, SETTINGS_MESSAGES, isAvatarContentType } from '../../../../domain/profile-settings.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { databaseIdText } from '../../http/input-schemas.js';
import { sendData } from '../../http/rest.js';
import { readLimitedBody } from '../../http/upload-body.js';
import { validatedRoute } from '../../http/validated-route.js';
import { requireAdminViewer } from '../admin/index.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { avatarFromUpload } from '../settings/index.js';
import type { HttpContextFactory, RouteDeps } from '../users/index.js';
import { EVENT_COVER_STORED_WIDTH, eventCoverPath, readEventCover, servedEventCoverWidth, storeEventCover } from './event.cover-store.js';
import { Event } from './event.entity.js';

const WIDTH_MESSAGE = { error: 'w must be a width in pixels.' } as const;
const VERSION_MESSAGE = { error: 'v must be the version of a picture.' } as const;
const coverUploadInput = { params: z.object({ id: databaseIdText }) };
const coverInput = {
  params: z.object({ id: databaseIdText }),
  query: z.object({
    w: z.string(WIDTH_MESSAGE).regex(/^\d{1,5}$/, WIDTH_MESSAGE).transform(Number).optional(),
    v: z.string(VERSION_MESSAGE).regex(/^[0-9a-f]{1,16}$/, VERSION_MESSAGE).optional(),
  }),
};

/**
 * POST /api/events/:id/cover — an admin sets an event's cover (docs/product.md §Events) and gets
 * `{ coverUrl }`. It takes what a profile picture takes, with the same messages. Mounted beside
 * the avatar upload, before the /api JSON-only guard, so it makes the same cross-site check itself.
 */
export function eventCoverUploadRoutes(deps: Pick<RouteDeps, 'contextFor'>, limiter: RequestHandler): Router {
  const router = Router();
  router.post(
    '/events/:id/cover',
    limiter,
    validatedRoute(coverUploadInput, async ({ params }, req, res) => {
      // Until the body is read, an answer leaves it unread: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Requests from other sites are not accepted.');
      const contentType = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const context = await deps.contextFor(req, res);
      // Checked before anything else is said or read: admin tools answer everyone else "not found".
      const admin = requireAdminViewer(context.viewer);
      const event = await context.em.findOne(Event, params.id);
      if (!event) throw new NotFound('Event not found');
      if (!isAvatarContentType(contentType)) throw new InvalidInput(SETTINGS_MESSAGES.avatarType, { field: 'file' });
      const bytes = await readLimitedBody(req, AVATAR_MAX_BYTES, AVATAR_UPLOAD_TIMEOUT_MS, { tooLarge: SETTINGS_MESSAGES.avatarTooLarge, timeout: SETTINGS_MESSAGES.avatarTimeout });
      res.removeHeader('Connection');
      if (bytes.length === 0) throw new InvalidInput(SETTINGS_MESSAGES.avatarUnreadable, { field: 'file' });
      const webp = await avatarFromUpload(bytes);
      const version = randomBytes(8).toString('hex');
      await context.em.transactional(async (tx) => {
        await storeEventCover(tx, event.id, version, webp);
        recordAudit(tx, auditViewer(admin), { action: 'update', target: 'events', targetId: event.id, fields: { cover: version } });
        await tx.flush();
      });
      sendData(res, { coverUrl: eventCoverPath(event.id, version) });
    }),
  );
  return router;
}

/** GET /media/events/:id/cover?w=&v= — an event's cover at a served width; events are public, so shared caches may keep it. */
export function eventMediaRoutes(createContext: HttpContextFactory): Router {
  const router = Router();
  router.get(
    '/events/:id/cover',
    validatedRoute(coverInput, async ({ params, query }, req, res) => {
      const { em } = await createContext(req, res);
      const cover = await readEventCover(em, params.id, servedEventCoverWidth(query.w || EVENT_COVER_STORED_WIDTH));
      if (!cover) throw new NotFound('Picture not found');
      res.setHeader('Content-Type', cover.contentType);
      res.setHeader('Cache-Control', query.v === cover.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(cover.bytes);
    }),
  );
  return router;
}
