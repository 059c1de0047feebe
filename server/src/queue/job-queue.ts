import { PgBoss, type QueueOptions } from 'pg-boss';
import { isDatabaseShuttingDown } from '../db/database-errors.js';
import type { Logger } from '../logger.js';

/**
 * How long a claimed job may go without its worker's heartbeat before the queue's supervision
 * takes it back and retries it (pg-boss's minimum). A live worker refreshes it every half of
 * that while the job runs, so only a dead process's jobs go stale: they are retried at the first
 * supervision pass (QUEUE_SUPERVISE_INTERVAL_SECONDS) after this, not after their whole expiry.
 * Queues whose jobs someone is waiting for (imports, mail, webhooks, the search index) set it.
 */
export const WORKER_HEARTBEAT_SECONDS = 10;

/**
 * Creates a queue that runs one job at a time ('exclusive', or 'stately': one running, one
 * waiting). A job whose process died would hold such a queue until its whole expiry, so its
 * worker always keeps a heartbeat. createQueue leaves an existing queue as it was, so the
 * settings are applied again for an install whose queue was made before.
 */
export async function createOneAtATimeQueue(
  boss: PgBoss,
  name: string,
  policy: 'exclusive' | 'stately',
  options: Omit<QueueOptions, 'heartbeatSeconds'> = {},
): Promise<void> {
  const settings = { ...options, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await boss.createQueue(name, { ...settings, policy });
  await boss.updateQueue(name, settings);
}

/** The PostgreSQL schema pg-boss keeps its tables in (the test template installs it ahead: test-support/global-setup.ts). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * The job queue (pg-boss, in the same PostgreSQL). Work that leaves a request — imports, mail,
 * index updates — is sent here and retried with back-off; modules register their queues and
 * workers on start.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;

  constructor(
    connectionString: string,
    private readonly logger: Logger,
    superviseIntervalSeconds = 60,
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: QUEUE_SCHEMA,
      max: 5,
      superviseIntervalSeconds,
      monitorIntervalSeconds: superviseIntervalSeconds,
      // Queues created with `notify: true` wake workers (in any process) the moment a job
      // is sent, instead of at their next poll.
      useListenNotify: true,
    });
    this.boss.on('error', (error: unknown) => {
      if (isDatabaseShuttingDown(error)) this.logger.debug('job queue: the database is shutting down');
      else this.logger.error({ err: error }, 'job queue error');
    });
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5_000 });
  }

  /** For the health check: the queue is started and its schema is installed. */
  async isHealthy(): Promise<boolean> {
    return this.started && (await this.boss.isInstalled());
  }
}
