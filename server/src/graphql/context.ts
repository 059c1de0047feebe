import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Viewer } from '../modules/auth/viewer.js';
import type { PostgresPubSub } from '../pubsub/postgres-pubsub.js';

/** What every resolver gets: its own EntityManager fork, the viewer, and shared services. */
export interface RequestContext {
  em: EntityManager;
  viewer: Viewer | null;
  pubsub: PostgresPubSub;
  config: AppConfig;
  logger: Logger;
}
