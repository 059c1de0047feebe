import type { EntityManager } from '@mikro-orm/postgresql';
import { CHECK_TIMEOUT_MS, STATUS_CACHE_MS, serviceStateOf, type ServiceComponent, type ServiceState } from '../../../../domain/service-status.js';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { PostgresPubSub } from '../../pubsub/postgres-pubsub.js';
import { createMailer, type Mailer } from '../mail/index.js';
import { checkSearchEngine } from '../search/index.js';

/** One part's last check (docs/product.md §Status). `latencyMs` and `detail` are for admins only. */
export interface ComponentCheck {
  component: ServiceComponent;
  state: ServiceState;
  checkedAt: Date;
  latencyMs: number;
  /** Why it is not up (the error's text), or how it runs (the search engine, where mail goes). */
  detail: string | null;
}

export interface StatusDeps {
  em: EntityManager;
  pubsub: PostgresPubSub;
  config: AppConfig;
  logger: Logger;
}

interface Probe {
  /** What to say about how the part runs when it works. */
  note: string | null;
  /** The check passed on a fallback that serves nobody. */
  fallback?: boolean;
}

/** Runs `probe`, timed, giving up after CHECK_TIMEOUT_MS; a failure is the part being down. */
async function check(component: ServiceComponent, probe: () => Promise<Probe>): Promise<ComponentCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const { note, fallback } = await Promise.race([probe(), timeout]);
    const latencyMs = Math.round(performance.now() - started);
    return { component, state: serviceStateOf({ passed: true, latencyMs, fallback }), checkedAt: new Date(), latencyMs, detail: note };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const detail = error instanceof Error ? error.message : String(error);
    return { component, state: 'down', checkedAt: new Date(), latencyMs, detail };
  } finally {
    clearTimeout(timer);
  }
}

/** One mailer per configuration, kept for the checks (its SMTP transport is reused). */
const mailers = new WeakMap<AppConfig, Mailer>();

function mailerFor(config: AppConfig, logger: Logger): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config, logger);
    mailers.set(config, mailer);
  }
  return mailer;
}

function runChecks(deps: StatusDeps): Promise<ComponentCheck[]> {
  const em = deps.em.fork();
  return Promise.all([
    check('database', async () => {
      await em.getConnection().execute('select 1');
      return { note: null };
    }),
    check('queue', async () => {
      // Read through the app's own pool (the queue lives in the same database): a check must not
      // open connections of the queue's pool, which its workers need.
      const [row] = await em.getConnection().execute<Array<{ queues: number }>>('select count(*)::int as queues from pgboss.queue');
      if (!row || row.queues === 0) throw new Error('the job queue has no queues');
      return { note: `${row.queues} queues` };
    }),
    check('pubsub', async () => {
      if (!deps.pubsub.isListening) throw new Error('not listening for notifications');
      await deps.pubsub.publish('status-check', null);
      return { note: null };
    }),
    check('search', async () => ({ note: `engine: ${await checkSearchEngine(em)}` })),
    check('mail', async () => {
      const via = await mailerFor(deps.config, deps.logger).verify();
      // In production, mail only written to a folder reaches nobody.
      if (via === 'outbox') return { note: 'SMTP_URL is not set: mail is written to the outbox folder', fallback: deps.config.env === 'production' };
      return { note: null };
    }),
  ]);
}

/** The last checks of each server (keyed by its configuration), and when they started. */
const cached = new WeakMap<AppConfig, { startedAt: number; checks: Promise<ComponentCheck[]> }>();

/**
 * The state of each part of the service, checked at most once per STATUS_CACHE_MS per process:
 * visitors asking meanwhile, or while a check runs, share its answer, so the public page cannot
 * be used to load the database, the SMTP server or the search engine.
 */
export function serviceStatus(deps: StatusDeps, now = Date.now()): Promise<ComponentCheck[]> {
  const last = cached.get(deps.config);
  if (last && now - last.startedAt < STATUS_CACHE_MS) return last.checks;
  const checks = runChecks(deps);
  cached.set(deps.config, { startedAt: now, checks });
  return checks;
}
