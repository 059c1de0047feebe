import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded-postgres.js';

/** The database a command (migrate, admin, reindex, hash pictures) works on, and how to let go of it. */
export interface CommandDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when the command started it; nothing otherwise. */
  release(): Promise<void>;
}

/**
 * DATABASE_URL, else the embedded PostgreSQL a running `npm start` uses, else one started for the
 * command: starting another beside a running one would stop it.
 */
export async function commandDatabase(config: AppConfig, logger: Logger): Promise<CommandDatabase> {
  const runningUrl = config.databaseUrl ?? runningEmbeddedPostgresUrl(config.dataDir, 'byline', logger);
  if (runningUrl) return { url: runningUrl, release: async () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
  return { url: embedded.url, release: () => embedded.stop() };
}
