import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../logger.js';
import { startDeadlineSweep } from './job-closing.js';
import { closeJobsPastDeadline } from './job.service.js';

/** Starts the jobs module's worker: the deadline sweep (job-closing.ts). */
export function startJobsModule(deps: { boss: PgBoss; orm: MikroORM; logger: Logger }): Promise<void> {
  return startDeadlineSweep({ ...deps, closePastDeadline: (em: EntityManager) => closeJobsPastDeadline(em) });
}
