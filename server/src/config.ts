import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every setting the server reads, parsed and validated once at start.
 * A bad value stops the process with a message naming the variable (see `ConfigError`).
 */
export type AppEnvironment = 'development' | 'test' | 'production';

export interface AppConfig {
  env: AppEnvironment;
  port: number;
  host: string;
  /** Public origin used in links (emails, OAuth callbacks). */
  publicUrl: string;
  /** Folder for local state: the embedded database, the mail outbox, generated secrets. */
  dataDir: string;
  /** When null the server starts an embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  jwtSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built client; null when it has not been built (API-only). */
  clientDistDir: string | null;
  /** Requests per minute per IP on /graphql and /api. */
  rateLimitPerMinute: number;
  meiliHost: string | null;
  meiliApiKey: string | null;
  /**
   * Sends every outbound scraper request to this origin instead, keeping the original host as
   * the first path segment (tests, egress proxies). See DESIGN.md.
   */
  scraperBaseUrl: string | null;
  /** How long tracking a link waits for the import before answering "queued". */
  importFastPathMs: number;
  /** A running import older than this is presumed dead (its server was killed) and retried. */
  importJobExpireSeconds: number;
  /** How often the queue looks for expired (abandoned) jobs to retry. */
  queueSuperviseIntervalSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.string(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.string(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
        return null;
      }
      return raw;
    } catch {
      this.problems.push(`${name} is not a valid URL`);
      return null;
    }
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(name);
    if (raw === null) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ENVIRONMENTS = ['development', 'test', 'production'] as const;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const read = new EnvReader(env);
  const appEnv = read.oneOf('NODE_ENV', ENVIRONMENTS, 'development');
  const port = read.integer('PORT', 4000, 0, 65535);
  const dataDir = path.resolve(cwd, read.string('DATA_DIR') ?? '.data');
  const jwtSecret = read.string('JWT_SECRET');
  if (appEnv === 'production' && (jwtSecret === null || jwtSecret.length < 32)) {
    read.problems.push('JWT_SECRET must be set to at least 32 characters in production');
  }
  const clientDist = path.resolve(cwd, 'client/dist');
  const config: AppConfig = {
    env: appEnv,
    port,
    host: read.string('HOST') ?? '0.0.0.0',
    publicUrl: read.url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPostgresPort: read.integer('EMBEDDED_PG_PORT', 54329, 1024, 65535),
    jwtSecret: jwtSecret ?? '',
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, appEnv === 'test' ? 'silent' : 'info'),
    clientDistDir: existsSync(path.join(clientDist, 'index.html')) ? clientDist : null,
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    meiliHost: read.url('MEILI_HOST', ['http:', 'https:']),
    meiliApiKey: read.string('MEILI_API_KEY'),
    scraperBaseUrl: read.url('SCRAPER_BASE_URL', ['http:', 'https:']),
    importFastPathMs: read.integer('IMPORT_FAST_PATH_MS', 5_000, 0, 60_000),
    importJobExpireSeconds: read.integer('IMPORT_JOB_EXPIRE_SECONDS', 120, 5, 3_600),
    queueSuperviseIntervalSeconds: read.integer('QUEUE_SUPERVISE_INTERVAL_SECONDS', 60, 1, 3_600),
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  if (!config.jwtSecret) config.jwtSecret = developmentSecret(dataDir);
  return config;
}

/**
 * Outside production a secret is generated once and kept in the data folder, so sessions
 * survive restarts without anyone having to set JWT_SECRET on a fresh machine.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
