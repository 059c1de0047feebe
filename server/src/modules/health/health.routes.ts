import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { route } from '../../http/rest.js';
import type { PostgresPubSub } from '../../pubsub/postgres-pubsub.js';
import type { JobQueue } from '../../queue/job-queue.js';

type Status = 'ok' | 'down';

/** GET /api/health: whether the database, the queue and pub/sub work. 200 when all do, else 500. */
export function healthRoutes(deps: { orm: MikroORM; queue: JobQueue; pubsub: PostgresPubSub }): Router {
  const router = Router();
  router.get(
    '/health',
    route(async (_req, res) => {
      const [database, queue] = await Promise.all([
        deps.orm.isConnected().then((up): Status => (up ? 'ok' : 'down')).catch((): Status => 'down'),
        deps.queue.isHealthy().then((up): Status => (up ? 'ok' : 'down')).catch((): Status => 'down'),
      ]);
      const pubsub: Status = deps.pubsub.isListening ? 'ok' : 'down';
      const healthy = database === 'ok' && queue === 'ok' && pubsub === 'ok';
      const data = { database, queue, pubsub };
      if (healthy) res.json({ success: true, data });
      else res.status(500).json({ success: false, message: 'Some parts of the service are down', data });
    }),
  );
  return router;
}
