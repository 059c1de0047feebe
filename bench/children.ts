/**
 * The two servers a run compares, each in its own Node process (Byline: server-process.ts; the raw
 * SQL baseline: raw-server.ts), forked with the same runtime flags as this one (compiled, or the
 * TypeScript sources under @swc-node/register), Byline's with its production flags too, and their
 * resident memory read from /proc.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server/src/runtime-flags.js';

export type ChildRequest = { type: 'count-start' } | { type: 'count-stop' } | { type: 'memory-peak' } | { type: 'stop' };
export type ChildReply =
  | { type: 'ready'; url: string }
  | { type: 'count-started' }
  | { type: 'counted'; statements: string[] }
  | { type: 'memory-peak'; peak: MemoryBreakdown | null };

/** What the server's memory consisted of at its highest resident sample (server-process.ts, BENCH_MEMORY_PROBE=1), in MB. */
export interface MemoryBreakdown {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Each V8 heap space's committed size (physical) and live size: new_space, old_space, code_space, … */
  spaces: Record<string, { committed: number; used: number }>;
  /** Anonymous and file-backed resident memory (/proc/self/status RssAnon, RssFile). */
  rssAnon: number | null;
  rssFile: number | null;
  /** Garbage collections over the window and their main-thread pauses (ms): mark-compact (major) and scavenges (minor). */
  gc: { major: number; majorMs: number; majorMaxMs: number; minor: number; minorMs: number; minorMaxMs: number };
  /**
   * The highest of each over the window, whichever sample it came from: V8's committed heap, and
   * anonymous memory outside it (malloc: compilers' zones, Node, pg; and heap pages V8 has
   * released but not yet returned right after a full GC, which is why the peak sample's own split
   * can show a small heap).
   */
  highest: { heapTotal: number; outsideHeap: number };
}

export interface BenchChild {
  url: string;
  pid: number;
  /** The statements Byline's ORM sent while `work` ran (server-process only). */
  countStatements(work: () => Promise<void>): Promise<string[]>;
  /** What the server's memory was at its highest since the last call (server-process started with `memoryProbe`), then a new window. */
  memoryPeak(): Promise<MemoryBreakdown | null>;
  stop(): Promise<void>;
}

export interface ChildOptions {
  /** Node flags after the production ones (a later flag wins): a side of bench/memory-ab.ts. */
  flags?: readonly string[];
  /** Sample the server's memory (bench/memory-probe.ts) for `memoryPeak`. */
  memoryProbe?: boolean;
}

const EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

export async function startChild(entry: 'server-process' | 'raw-server', databaseUrl: string, options: ChildOptions = {}): Promise<BenchChild> {
  const { MEILI_HOST: _meili, ...env } = process.env;
  const child = fork(fileURLToPath(new URL(`./${entry}${EXTENSION}`, import.meta.url)), [], {
    // NODE_ENV as the Dockerfile sets it: libraries read it from the environment, not from our
    // config (graphql-js's type checks take a slower path outside production).
    env: { ...env, NODE_ENV: 'production', BENCH_DATABASE_URL: databaseUrl, ...(options.memoryProbe ? { BENCH_MEMORY_PROBE: '1' } : {}) },
    // Byline's server also gets the flags production runs it with (npm start, Dockerfile), and
    // BENCH_CPU_PROF=<folder> / BENCH_NODE_FLAGS="…" (a V8 CPU profile written when it stops; extra
    // flags to try, e.g. --trace-gc), then the caller's own.
    execArgv: entry === 'server-process' ? [...process.execArgv, ...SERVER_NODE_FLAGS, ...extraServerFlags(), ...(options.flags ?? [])] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await Promise.race([next(child, 'ready'), exited.then((code) => Promise.reject(new Error(`${entry} exited with ${code} before it was ready`)))]);
  if (ready.type !== 'ready') throw new Error(`${entry} did not start`);
  return {
    url: ready.url,
    pid: child.pid ?? 0,
    async countStatements(work) {
      const started = next(child, 'count-started');
      send(child, { type: 'count-start' });
      await started;
      const stopped = () => {
        const counted = next(child, 'counted');
        send(child, { type: 'count-stop' });
        return counted;
      };
      await work().catch(async (error: unknown) => {
        await stopped();
        throw error;
      });
      const reply = await stopped();
      return reply.type === 'counted' ? reply.statements : [];
    },
    async memoryPeak() {
      const replied = next(child, 'memory-peak');
      send(child, { type: 'memory-peak' });
      const reply = await replied;
      return reply.type === 'memory-peak' ? reply.peak : null;
    },
    async stop() {
      if (child.exitCode !== null) return;
      send(child, { type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function extraServerFlags(): string[] {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return [...profile, ...extra];
}

function send(child: ChildProcess, message: ChildRequest): void {
  child.send(message);
}

function next(child: ChildProcess, type: ChildReply['type']): Promise<ChildReply> {
  return new Promise((resolve) => {
    const listener = (message: ChildReply) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
  });
}

/** Resident memory of a process in MB (VmRSS), or null where /proc is not there (not Linux). */
export function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far (user + system, all its threads), in ms, from /proc; null
 * where /proc is not there. Read before and after a run, it says what the run cost that process,
 * a figure the machine's load moves far less than requests per second.
 */
export function cpuMs(pid: number): number | null {
  // utime and stime, in clock ticks (100 a second on Linux).
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND : null;
}

/** The fields of /proc/PID/stat after the command name (state is [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14]); null where unreadable. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU time so far (ms) of every process of a local PostgreSQL server: the children of the
 * postmaster `postmasterPid` (backends, background writers). Connections stay open in both
 * servers' pools, so across a run the difference is what PostgreSQL spent on it; null where /proc
 * is not there.
 */
export function postgresCpuMs(postmasterPid: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  // The postmaster's own time and that of its children that have exited (reaped: cutime, cstime),
  // so a backend or autovacuum worker ending mid-run does not take its time with it.
  const postmaster = statFields(postmasterPid);
  if (!postmaster) return null;
  let total = ((Number(postmaster[11]) + Number(postmaster[12]) + Number(postmaster[13]) + Number(postmaster[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
  for (const entry of entries) {
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === postmasterPid) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  }
  return total;
}

/** The postmaster of the server a backend (`select pg_backend_pid()`) belongs to, when it runs on this machine. */
export function postmasterOf(backendPid: number): number | null {
  const fields = statFields(backendPid);
  return fields ? Number(fields[1]) : null;
}

/** Samples a process's resident memory every 50 ms until `stop()`, which returns the peak (MB). */
export function samplePeakMemory(pid: number): { stop(): number | null } {
  let peak: number | null = residentMb(pid);
  const timer = setInterval(() => {
    const now = residentMb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      const now = residentMb(pid);
      if (now !== null && (peak === null || now > peak)) peak = now;
      return peak === null ? null : Math.round(peak);
    },
  };
}
