import { spawn, type ChildProcess } from 'node:child_process';
import { signSessionToken } from '../../server/src/modules/auth/index.js';
import { SERVER_NODE_FLAGS } from '../../server/src/runtime-flags.js';
import { freePort } from '../../server/src/test-support/free-port.js';

/** The secret the built app signs sessions with in browser tests (for sessions a test makes itself). */
export const E2E_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';

export interface BuiltApp {
  url: string;
  /** A session token this app accepts, for putting in the session cookie. */
  tokenFor(userId: number): string;
  stop(): Promise<void>;
}

/** Runs the compiled server (`dist/`) serving the built client, as `npm start` does (its Node flags too), in its own process. */
export async function startBuiltApp(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<BuiltApp> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/src/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // Every public page a signed-out test opens is server-rendered, however busy the machine:
      // a render given up after the usual second would make the page take the other path at random.
      SERVER_RENDER_TIMEOUT_MS: '60000',
      SERVER_RENDERS_AT_ONCE: '256',
      // Upgrade prompts and plans need plans enforced; a test of a fresh install passes PAID_PLANS=open.
      PAID_PLANS: 'enforced',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    tokenFor: (userId) => signSessionToken({ userId, masqueradingAdminId: null }, E2E_JWT_SECRET),
    stop: () => stopProcess(child),
  };
}

// A cold start (migrations checked, queue and pub/sub connected) takes a second or two alone;
// with every e2e file starting its app at once on a loaded two-core machine it took over 30 s.
const HEALTHY_WITHIN_MS = 90_000;

/** Waits for a server child process to answer /api/health (also used by the client-load bench). */
export async function waitForHealth(url: string, child: ChildProcess, withinMs = HEALTHY_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the app did not become healthy within ${withinMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 10 s if the process has not exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

