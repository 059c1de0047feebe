import 'reflect-metadata';
import { startByline } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { startServerErrorReporting } from './error-reporting.js';
import { createLogger } from './logger.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Before anything else runs, so a crash while starting is reported too (production, SENTRY_DSN).
  startServerErrorReporting(config, logger);
  const server = await startByline(config, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // `on`, not `once`: Ctrl-C reaches us both from the terminal and forwarded by `npm start`; a
  // second signal must not kill us mid-shutdown and leave the database running.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
