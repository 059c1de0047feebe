import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Viewer } from '../modules/users/viewer.js';
import type { PostgresPubSub } from '../pubsub/postgres-pubsub.js';
import type { RateLimitStatus } from './cost-limit/cost-limit-plugin.js';

/** What every resolver gets: its own EntityManager fork, the viewer, and shared services. */
export interface RequestContext {
  em: EntityManager;
  viewer: Viewer | null;
  pubsub: PostgresPubSub;
  boss: PgBoss;
  config: AppConfig;
  logger: Logger;
  /** GraphQL over HTTP: the client address by the HTTP limiter's rule (TRUST_PROXY), for budgets of callers nobody signed in. */
  clientAddress?: string;
  /** GraphQL over HTTP: this operation's cost and the caller's budget after it, set before execution (cost-limit plugin). */
  rateLimit?: RateLimitStatus;
}
