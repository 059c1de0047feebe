import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/db/embedded-postgres.js';
import type { MikroORM } from '../server/src/db/orm.js';
import { createLogger } from '../server/src/logger.js';
import { openOrm } from '../server/src/registry.js';
import { SERVER_NODE_FLAGS } from '../server/src/runtime-flags.js';
import { freePort } from '../server/src/test-support/free-port.js';
import { stopProcess, waitForHealth } from '../e2e/support/built-app.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const clientDist = path.join(root, 'client/dist');
const compiledServer = path.join(root, 'dist/server/src/main.js');

/** The built app of a browser bench: the compiled server serving client/dist, on a fresh embedded PostgreSQL. */
export interface BenchApp {
  url: string;
  databaseUrl: string;
  /** For the bench's data, opened once the server has applied the migrations. */
  orm: MikroORM;
  stop(): Promise<void>;
}

/** Debian's Chromium (or CHROMIUM_PATH): a bench never downloads a browser. */
export function chromiumPath(): string {
  const found = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(found)) throw new Error(`no Chromium at ${found}: install Debian's chromium or set CHROMIUM_PATH`);
  return found;
}

/**
 * Starts what `npm start` runs, as built (`npm run build`), in production mode on an embedded
 * PostgreSQL in a folder of its own, with no request limit (a bench makes many requests).
 */
export async function startBenchApp(jwtSecret: string): Promise<BenchApp> {
  for (const [file, what] of [
    [path.join(clientDist, 'index.html'), 'the built client'],
    [compiledServer, 'the compiled server'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} (${path.relative(root, file)}) is missing: run \`npm run build\` first`);
  }
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'byline-bench-app-'));
  // As root the embedded PostgreSQL runs as another user, who must be able to enter the folder.
  chmodSync(tempDir, 0o755);
  let database: EmbeddedDatabase | null = null;
  let server: ChildProcess | null = null;
  let orm: MikroORM | null = null;
  const stop = async () => {
    await orm?.close();
    if (server) await stopProcess(server);
    await database?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    database = await startEmbeddedPostgres({ dataDir: tempDir, port: await freePort(), database: 'byline', logger: createLogger('warn') });
    const port = await freePort();
    const url = `http://localhost:${port}`;
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, compiledServer], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: tempDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(url, server);
    orm = await openOrm(database.url);
    return { url, databaseUrl: database.url, orm, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
