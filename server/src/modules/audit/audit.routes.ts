import { Router } from 'express';
import { route, sendData } from '../../http/rest.js';
import { requestRateLimit } from '../../http/rate-limit.js';
import type { RouteDeps } from '../../http/route-deps.js';
import { auditViewer, recordAudit } from './audit.service.js';
import { parseTrackEvent } from './track-event.js';

/** Client events per IP and minute: generous for real pages, a ceiling for scripts filling the log. */
const TRACK_EVENTS_PER_MINUTE = 120;

/** Spec 7 `POST /track`: an audit event reported by the client (signed in or not). */
export function auditRoutes(deps: RouteDeps): Router {
  const router = Router();
  const trackLimit = requestRateLimit({ em: deps.orm.em.fork(), prefix: 'track:', perMinute: TRACK_EVENTS_PER_MINUTE });

  router.post(
    '/track',
    trackLimit,
    route(async (req, res) => {
      const event = parseTrackEvent(req.body);
      const { em, viewer } = await deps.contextFor(req, res);
      recordAudit(em, auditViewer(viewer), event);
      await em.flush();
      sendData(res, { recorded: true });
    }),
  );

  return router;
}
