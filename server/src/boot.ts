import type { AddressInfo } from 'node:net';
import { createApp, type RunningApp } from './app.js';
import type { AppConfig } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { portIsFree } from './db/embedded/postgres-port.js';
import { migrate, type MikroORM } from './db/orm.js';
import { openOrm } from './registry.js';
import type { Logger } from './logger.js';
import { PostgresPubSub } from './pubsub/postgres-pubsub.js';
import { JobQueue } from './queue/job-queue.js';
import { startCreditsModule } from './modules/credits/index.js';
import { startHousekeeping } from './modules/housekeeping/index.js';
import { startPostsModule } from './modules/posts/index.js';
import { startProjectsModule } from './modules/projects/index.js';
import { startJobsModule } from './modules/jobs/index.js';
import { startSearchModule } from './modules/search/index.js';
import { startWebhooksModule } from './modules/webhooks/index.js';
import { startTeamsModule } from './modules/teams/index.js';
import { startMailQueue } from './modules/mail/index.js';
import { messagesDigestSection } from './modules/messages/index.js';
import { startNotificationsModule } from './modules/notifications/index.js';
import { startAnnouncementsModule } from './modules/announcements/index.js';

export interface BylineServer {
  url: string;
  databaseUrl: string;
  orm: MikroORM;
  pubsub: PostgresPubSub;
  queue: JobQueue;
  stop(): Promise<void>;
}

/**
 * Starts everything in order — database (embedded unless DATABASE_URL is set), migrations,
 * pub/sub, queue, HTTP — and stops it in reverse. Used by `main.ts` and by tests alike.
 */
export async function startByline(requestedConfig: AppConfig, logger: Logger): Promise<BylineServer> {
  const config = await withFreeListenPort(requestedConfig, logger);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse().splice(0)) {
      await withinDeadline(stop(), STOP_STEP_DEADLINE_MS).catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
  };
  try {
    let embedded: EmbeddedDatabase | null = null;
    if (config.databaseUrl === null) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
      stops.push(() => embedded!.stop());
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;

    const orm = await openOrm(databaseUrl, { logger });
    stops.push(() => orm.close());
    const applied = await migrate(orm);
    if (applied.length > 0) logger.info({ applied }, 'database migrations applied');

    const pubsub = new PostgresPubSub(databaseUrl, logger);
    await pubsub.start();
    stops.push(() => pubsub.close());

    const queue = new JobQueue(databaseUrl, logger, config.queueSuperviseIntervalSeconds);
    await queue.start();
    stops.push(() => queue.stop());
    // Before the post import, whose worker emits webhook events.
    stops.push(await startWebhooksModule({ orm, queue, config, logger }));
    await startPostsModule({ orm, queue, config, logger });
    await startCreditsModule({ boss: queue.boss, config, logger });
    await startTeamsModule({ boss: queue.boss, config, logger });
    await startProjectsModule({ boss: queue.boss, config, logger });
    await startJobsModule({ boss: queue.boss, orm, logger });
    await startMailQueue({ boss: queue.boss, config, logger });
    // After the mail queue, into which notification mails are written.
    stops.push(await startNotificationsModule({ boss: queue.boss, orm, pubsub, config, logger }));
    await startAnnouncementsModule({ boss: queue.boss, orm, logger });
    stops.push(await startNotificationsModule({ boss: queue.boss, orm, pubsub, config, logger, digestSections: [messagesDigestSection] }));
    await startHousekeeping({ boss: queue.boss, orm, logger });
    stops.push(await startSearchModule({ orm, queue, pubsub, config, logger }));

    const app: RunningApp = await createApp({ config, logger, orm, pubsub, queue });
    stops.push(() => app.close());
    await new Promise<void>((resolve, reject) => {
      app.httpServer.once('error', reject);
      app.httpServer.listen(config.port, config.host, resolve);
    });
    const { port } = app.httpServer.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    logger.info({ url, database: embedded ? 'embedded' : 'DATABASE_URL' }, 'Byline is running');
    return { url, databaseUrl, orm, pubsub, queue, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * A stop step that hangs (a stuck drain, say) must not keep the later ones from running: the
 * embedded database is stopped last and would otherwise outlive the app.
 */
const STOP_STEP_DEADLINE_MS = 15_000;

function withinDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`a stop step took longer than ${ms} ms; going on`)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * With PORT unset and the default port taken (another checkout's Byline, say), moves to the next
 * free port, as Vite does, and says so; links follow unless PUBLIC_URL was set.
 */
async function withFreeListenPort(config: AppConfig, logger: Logger): Promise<AppConfig> {
  if (!config.portMayMove || config.port === 0 || (await portIsFree(config.port, config.host))) return config;
  for (let port = config.port + 1; port < config.port + 50; port++) {
    if (!(await portIsFree(port, config.host))) continue;
    logger.warn({ busy: config.port, port }, `port ${config.port} is in use; using ${port} (set PORT to choose)`);
    const defaultPublicUrl = `http://localhost:${config.port}`;
    return { ...config, port, publicUrl: config.publicUrl === defaultPublicUrl ? `http://localhost:${port}` : config.publicUrl };
  }
  return config;
}
