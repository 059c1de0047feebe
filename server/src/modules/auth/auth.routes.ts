import { Router } from 'express';
import { Unauthenticated } from '../../errors/app-errors.js';
import { route, sendData } from '../../http/rest.js';
import type { ContextFactory } from '../../graphql/websocket.js';

/** GET /api/auth: the session check (spec 7). 401 when signed out. */
export function authRoutes(createContext: ContextFactory): Router {
  const router = Router();
  router.get(
    '/auth',
    route(async (req, res) => {
      const { viewer } = await createContext(req.headers, null);
      if (!viewer) throw new Unauthenticated();
      const { user } = viewer;
      sendData(res, {
        id: user.id,
        username: user.username,
        name: user.name,
        avatarUrl: user.avatarUrl,
        isMasquerading: viewer.masqueradingAdminId !== null,
      });
    }),
  );
  return router;
}
