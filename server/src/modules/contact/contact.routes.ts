import { Router } from 'express';
import { contactSentMessage } from '../../../../domain/contact.js';
import { sendData } from '../../http/rest.js';
import { validatedRoute } from '../../http/validated-route.js';
import type { RouteDeps } from '../users/index.js';
import { contactBody } from './contact.route-inputs.js';
import { sendContactMessage } from './contact.service.js';

/**
 * The /contact form's calls, open to signed-out visitors (docs/product.md §Contact):
 * GET /api/contact says whether the form is open; POST /api/contact sends a message.
 */
export function contactRoutes({ contextFor, config }: RouteDeps): Router {
  const router = Router();
  router.get(
    '/contact',
    validatedRoute({}, async (_input, _req, res) => {
      sendData(res, { open: config.contactEmail !== null });
    }),
  );
  router.post(
    '/contact',
    validatedRoute({ body: contactBody }, async ({ body }, req, res) => {
      const { em, boss } = await contextFor(req, res);
      const email = await sendContactMessage({ em, boss, config }, body, req.ip);
      sendData(res, { email, message: contactSentMessage(email) });
    }),
  );
  return router;
}
