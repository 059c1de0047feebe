import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const DEFAULT_EMBEDDED_PORT = 54329;
const REMEMBERED_PORT_FILE = 'postgres.port';

/** Whether nothing listens on `port` at `host` (127.0.0.1: where the embedded server listens). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port the system says is free right now. */
export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The port of this checkout's embedded PostgreSQL when none is configured: the one it used last
 * time (kept in the data folder), else the default, else any free one. Another checkout already
 * on the default port therefore moves this one aside instead of stopping it, and each checkout
 * keeps its own port from one start to the next.
 */
export async function chooseEmbeddedPort(dataDir: string): Promise<number> {
  const remembered = readRememberedPort(dataDir);
  for (const candidate of [remembered, DEFAULT_EMBEDDED_PORT]) {
    if (candidate !== null && (await portIsFree(candidate))) return candidate;
  }
  return anyFreePort();
}

export function rememberPort(dataDir: string, port: number): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, REMEMBERED_PORT_FILE), `${port}\n`);
}

function readRememberedPort(dataDir: string): number | null {
  const file = path.join(dataDir, REMEMBERED_PORT_FILE);
  if (!existsSync(file)) return null;
  const port = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : null;
}
