/**
 * One Byline server as production runs it: its own Node process (`server/src/main.ts` through
 * SWC, with the server's Node flags), configured by environment variables only, so it can be
 * killed like a crashed machine (tests of recovery, and the cluster check in scripts/cluster/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../runtime-flags.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What a busy 2-core machine may take to compile the sources and start a server. */
const START_DEADLINE_MS = 90_000;
/** The end of the server's output kept for a failure message. */
const KEPT_OUTPUT_CHARS = 4_000;

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly shutdown; SIGKILL if it is still there after a while. */
  stop(): Promise<void>;
  /** The last of what it wrote, for diagnosis. */
  output(): string;
}

/**
 * What starts a server: the compiled one when `npm test` has just built it (it says so in
 * BYLINE_TEST_BUILT_SERVER; compiling the sources in each process cost the suite a core for
 * half a minute per server), else the sources through SWC.
 */
function serverCommand(): string[] {
  const built = process.env.BYLINE_TEST_BUILT_SERVER;
  return built ? [...SERVER_NODE_FLAGS, built] : [...SERVER_NODE_FLAGS, '--import', '@swc-node/register/esm-register', 'server/src/main.ts'];
}

export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_DEADLINE_MS} ms:\n${output}`)), START_DEADLINE_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      seen += chunk.toString();
      // The line boot.ts logs once the HTTP server listens.
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        seen = '';
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it listened:\n${output}`));
    });
  });

  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    name,
    pid: child.pid!,
    port,
    exited,
    kill: () => signal('SIGKILL'),
    stop: () => stopGently(child, exited),
    output: () => output,
  };
}

async function stopGently(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
