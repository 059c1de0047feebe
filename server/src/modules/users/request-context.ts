import type { Request, Response } from 'express';
import type { PgBoss } from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { MikroORM } from '../../db/orm.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Logger } from '../../logger.js';
import type { PostgresPubSub } from '../../pubsub/postgres-pubsub.js';
import type { Mailer } from '../mail/index.js';
import type { Viewer } from './viewer.js';

/** What every resolver and REST route gets: its own EntityManager fork, the viewer, and shared services. */
export interface RequestContext extends GraphQLContext {
  viewer: Viewer | null;
  pubsub: PostgresPubSub;
  boss: PgBoss;
  config: AppConfig;
  logger: Logger;
}

/** The request context of a REST call (same as a resolver's), including a session renewed on this request. */
export type HttpContextFactory = (req: Request, res: Response) => Promise<RequestContext>;

/** What every REST router factory is given. */
export interface RouteDeps {
  contextFor: HttpContextFactory;
  config: AppConfig;
  orm: MikroORM;
  logger: Logger;
  /** Outgoing mail (codes, sign-in and reset links): SMTP_URL, else the log and the outbox folder. */
  mailer: Mailer;
}
