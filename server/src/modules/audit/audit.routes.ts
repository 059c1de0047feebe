import { Router, type Request, type Response } from 'express';
import type { MikroORM } from '../../db/orm.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { sendData } from '../../http/rest.js';
import { requestRateLimit } from '../../http/rate-limit.js';
import { validatedRoute } from '../../http/validated-route.js';
import { auditViewer, recordAudit } from './audit.service.js';
import { trackEventBody } from './track-event.js';

/** Client events per IP and minute: generous for real pages, a ceiling for scripts filling the log. */
const TRACK_EVENTS_PER_MINUTE = 120;

/** `POST /track` (docs/product.md §API): an audit event reported by the client (signed in or not). */
export function auditRoutes(deps: { orm: MikroORM; contextFor: (req: Request, res: Response) => Promise<GraphQLContext> }): Router {
  const router = Router();
  const trackLimit = requestRateLimit({ em: deps.orm.em.fork(), prefix: 'track:', perMinute: TRACK_EVENTS_PER_MINUTE });

  router.post(
    '/track',
    trackLimit,
    validatedRoute({ body: trackEventBody }, async ({ body }, req, res) => {
      const { em, viewer } = await deps.contextFor(req, res);
      recordAudit(em, auditViewer(viewer), body);
      await em.flush();
      sendData(res, { recorded: true });
    }),
  );

  return router;
}
