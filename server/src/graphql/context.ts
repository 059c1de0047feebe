import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Viewer } from '../modules/auth/sessions/viewer.js';
import type { PostgresPubSub } from '../pubsub/postgres-pubsub.js';

/** What every resolver gets: its own EntityManager fork, the viewer, and shared services. */
export interface RequestContext {
  em: EntityManager;
  viewer: Viewer | null;
  pubsub: PostgresPubSub;
  boss: PgBoss;
  config: AppConfig;
  logger: Logger;
}
