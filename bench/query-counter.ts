/**
 * Counts the SQL statements MikroORM sends while it is switched on. `startByline` opens the ORM
 * with our logger, and the ORM writes each statement to it at debug level once its query log is
 * enabled; the counter is a pino stream that tallies those lines and passes warnings through.
 */
import { pino, type Logger } from 'pino';
import type { MikroORM } from '../server/src/db/orm.js';

/** The per-IP rate limiter's own upsert is bookkeeping, not work the request asked for. */
const IGNORED = /rate_limit_hits/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const WARN_LEVEL = 40;

export class QueryCounter {
  readonly logger: Logger;
  /** The statements of the last `measure`, with their timings, for `--show-sql`. */
  statements: string[] = [];
  private counting = false;
  private orm: MikroORM | null = null;

  constructor() {
    this.logger = pino(
      { level: 'warn' },
      {
        write: (line: string) => {
          const entry = JSON.parse(line) as { level?: number; orm?: unknown };
          if (typeof entry.orm === 'string') {
            const statement = entry.orm.replace(ANSI, '');
            if (this.counting && statement.startsWith('[query]') && !IGNORED.test(statement)) this.statements.push(statement);
          } else if ((entry.level ?? 0) >= WARN_LEVEL) {
            process.stderr.write(line);
          }
        },
      },
    );
  }

  attach(orm: MikroORM): void {
    this.orm = orm;
  }

  /** Runs `work` with the query log on and returns how many statements it sent. */
  async measure(work: () => Promise<void>): Promise<number> {
    return (await this.measureUntil(work())).length;
  }

  /** Keeps the query log on until `done` settles (the server runs in another process than the requests) and returns the statements. */
  async measureUntil(done: Promise<void>): Promise<string[]> {
    if (!this.orm) throw new Error('attach the ORM first');
    // Through the config, not the logger: every `em.fork()` re-applies the configured debug mode.
    const config = this.orm.config;
    this.logger.level = 'debug';
    config.set('debug', ['query']);
    this.statements = [];
    this.counting = true;
    try {
      await done;
      return [...this.statements];
    } finally {
      this.counting = false;
      config.set('debug', false);
      this.logger.level = 'warn';
    }
  }
}
