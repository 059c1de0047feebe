import type { Request, Response } from 'express';
import type { AppConfig } from '../config.js';
import type { MikroORM } from '../db/orm.js';
import type { RequestContext } from '../graphql/context.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../modules/mail/mailer.js';

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
