import type { Request, Response } from 'express';
import type { AppConfig } from '../config.js';
import type { MikroORM } from '../db/orm.js';
import type { RequestContext } from '../graphql/context.js';
import type { Logger } from '../logger.js';

/** The request context of a REST call (same as a resolver's), including a session renewed on this request. */
export type HttpContextFactory = (req: Request, res: Response) => Promise<RequestContext>;

/** What every REST router factory is given. */
export interface RouteDeps {
  contextFor: HttpContextFactory;
  config: AppConfig;
  orm: MikroORM;
  logger: Logger;
}
