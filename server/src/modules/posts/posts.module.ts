import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../../queue/job-queue.js';
import { createOutboundHttp } from './import/outbound-http.js';
import { createPostImportQueue } from './import/tracking/post-import.queue.js';
import { startPostImportWorker } from './import/tracking/post-import.worker.js';
import { startStatsRefresh } from './import/stats/post-stats.refresh.js';

/** Queues and workers of the posts module, started with the server. */
export async function startPostsModule(deps: { orm: MikroORM; queue: JobQueue; config: AppConfig; logger: Logger }): Promise<void> {
  const http = createOutboundHttp({
    scraperBaseUrl: deps.config.scraperBaseUrl,
    // SCRAPER_BASE_URL's origin (a test server or an egress proxy) is reached whatever its
    // address because the operator chose it; every other destination, including what we ask
    // that proxy to visit, must be public.
    allowPrivateAddresses: false,
  });
  await createPostImportQueue(deps.queue.boss, deps.config.importJobExpireSeconds);
  await startPostImportWorker({ boss: deps.queue.boss, orm: deps.orm, http, logger: deps.logger, fastPathMs: deps.config.importFastPathMs });
  await startStatsRefresh({ boss: deps.queue.boss, orm: deps.orm, http, logger: deps.logger });
}
