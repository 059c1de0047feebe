import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../../queue/job-queue.js';
import { createOutboundHttp } from './import/outbound-http.js';
import { createPostImportQueue } from './post-import.queue.js';
import { startPostImportWorker } from './post-import.worker.js';
import { startStatsRefresh } from './post-stats.refresh.js';

/** Queues and workers of the posts module, started with the server. */
export async function startPostsModule(deps: { orm: MikroORM; queue: JobQueue; config: AppConfig; logger: Logger }): Promise<void> {
  const http = createOutboundHttp({
    scraperBaseUrl: deps.config.scraperBaseUrl,
    // Requests redirected to SCRAPER_BASE_URL go to an origin the operator chose (a test
    // server or an egress proxy); everything else must resolve to public addresses.
    allowPrivateAddresses: deps.config.scraperBaseUrl !== null,
  });
  await createPostImportQueue(deps.queue.boss, deps.config.importJobExpireSeconds);
  await startPostImportWorker({ boss: deps.queue.boss, orm: deps.orm, http, logger: deps.logger, fastPathMs: deps.config.importFastPathMs });
  await startStatsRefresh({ boss: deps.queue.boss, orm: deps.orm, http, logger: deps.logger });
}
