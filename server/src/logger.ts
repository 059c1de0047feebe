import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never write credentials to the log, wherever they appear in a logged object.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  });
}
