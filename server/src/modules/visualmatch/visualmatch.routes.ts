import { Router, type RequestHandler } from 'express';
import {
  VISUAL_MATCH_MAX_BYTES,
  VISUAL_MATCH_MESSAGES,
  VISUAL_MATCH_UPLOAD_TIMEOUT_MS,
  isVisualMatchContentType,
} from '../../../../domain/visual-match.js';
import { Forbidden, InvalidInput } from '../../errors/app-errors.js';
import { toGlobalId } from '../../graphql/global-id.js';
import type { RouteDeps } from '../users/index.js';
import { sendData } from '../../http/rest.js';
import { validatedRoute } from '../../http/validated-route.js';
import { consumeAttempt } from '../../http/attempt-limit.js';
import { servedThumbnailUrl } from '../posts/index.js';
import { readLimitedBody } from '../../http/upload-body.js';
import { requireImageSearchViewer } from './visualmatch.policy.js';
import { matchesForPicture, type PostMatch } from './visualmatch.service.js';

/** Searches one person may make per hour: each costs a decode of up to 20 MB and an index query. */
export const VISUAL_MATCH_SEARCHES_PER_HOUR = 120;
const HOUR_MS = 60 * 60 * 1000;

/** POST /api/visualmatch reads no params, query or JSON: the picture is the raw body, capped while it streams. */
export const visualMatchUploadInput = {};

/** The REST shape of one match: enough to show it, and the post's global id for GraphQL. */
export interface VisualMatchDto {
  id: string;
  databaseId: number;
  url: string;
  network: number;
  account: string;
  caption: string | null;
  thumbnailUrl: string | null;
  distance: number;
  similarity: number;
}

function toDto({ post, distance, similarity }: PostMatch): VisualMatchDto {
  return {
    id: toGlobalId('Post', post.id),
    databaseId: post.id,
    url: post.url,
    network: post.network.id,
    account: post.account.getEntity().handle,
    caption: post.caption,
    thumbnailUrl: servedThumbnailUrl(post, 320),
    distance,
    similarity,
  };
}

/**
 * POST /api/visualmatch — Visual Match AI (PRO) with a picture of your own: the raw image as the
 * body (Content-Type image/jpeg, png, webp or gif, at most 20 MB, within 60 s), answered with
 * `{ matches: VisualMatchDto[] }`, closest first. Mounted before the /api JSON-only guard, like
 * the avatar upload, so it makes the same cross-site check itself.
 */
export function visualMatchRoutes(deps: Pick<RouteDeps, 'contextFor'>, limiter: RequestHandler): Router {
  const router = Router();
  router.post(
    '/visualmatch',
    limiter,
    validatedRoute(visualMatchUploadInput, async (_input, req, res) => {
      // Until the body is read, an answer leaves it unread: the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Requests from other sites are not accepted.');
      const context = await deps.contextFor(req, res);
      const viewer = await requireImageSearchViewer(context);
      const contentType = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isVisualMatchContentType(contentType)) throw new InvalidInput(VISUAL_MATCH_MESSAGES.type, { field: 'file' });
      await consumeAttempt(context.em, `visualmatch:${viewer.user.id}`, VISUAL_MATCH_SEARCHES_PER_HOUR, HOUR_MS);
      const bytes = await readLimitedBody(req, VISUAL_MATCH_MAX_BYTES, VISUAL_MATCH_UPLOAD_TIMEOUT_MS, {
        tooLarge: VISUAL_MATCH_MESSAGES.tooLarge,
        timeout: VISUAL_MATCH_MESSAGES.timeout,
      });
      res.removeHeader('Connection');
      if (bytes.length === 0) throw new InvalidInput(VISUAL_MATCH_MESSAGES.unreadable, { field: 'file' });
      const matches = await matchesForPicture(context.em, viewer, bytes);
      sendData(res, { matches: matches.map(toDto) });
    }),
  );
  return router;
}
