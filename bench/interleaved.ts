/**
 * Interleaved A/B of two builds of the server on one database: `npm run bench:ab -- DB_URL DIR_A
 * DIR_B SCENARIO [rounds=8] [requests=200] [concurrency=10]`. Each DIR is a checkout where
 * `npm run bench` has compiled `bench/results/.build`; DB_URL a database both can read (a kept
 * bench folder held by `bench/hold-postgres.ts`). Both servers run at once; slices of `requests`
 * go to A and B in turn (the order flipping every round), and each slice's server CPU and
 * PostgreSQL CPU per request are read from /proc. On a machine whose load changes minute by minute
 * the two sides share the same minutes, which separate `npm run bench` runs do not: the medians
 * of the slices tell apart changes of 10% that whole runs minutes apart cannot.
 */
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { openOrm } from '../server/src/registry.js';
import { SERVER_NODE_FLAGS } from '../server/src/runtime-flags.js';
import { cpuMs, postgresCpuMs, postmasterOf, type ChildReply } from './children.js';
import { loadFixtures } from './fixtures.js';
import { median, runLoad } from './load.js';
import { askByline, buildScenarios } from './scenarios.js';

interface Side {
  name: string;
  child: ChildProcess;
  url: string;
  slices: Array<{ cpu: number; postgres: number; requestsPerSecond: number }>;
}

const [databaseUrl, dirA, dirB, word, rounds = '8', requests = '200', concurrency = '10'] = process.argv.slice(2);
if (!databaseUrl || !dirA || !dirB || !word) throw new Error('usage: interleaved.ts DB_URL DIR_A DIR_B SCENARIO [rounds] [requests] [concurrency]');

async function start(dir: string): Promise<Side> {
  const child = fork(path.resolve(dir, 'bench/results/.build/bench/server-process.js'), [], {
    env: { ...process.env, NODE_ENV: 'production', BENCH_DATABASE_URL: databaseUrl },
    execArgv: [...SERVER_NODE_FLAGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: ChildReply) => message.type === 'ready' && resolve(message.url));
    child.once('exit', (code) => reject(new Error(`${dir}: the server exited with ${code}`)));
  });
  return { name: dir, child, url, slices: [] };
}

const orm = await openOrm(databaseUrl);
const em = orm.em.fork();
const [backend] = await em.execute<Array<{ pid: number }>>('select pg_backend_pid() as pid');
const postmaster = backend ? postmasterOf(Number(backend.pid)) : null;
const fixtures = await loadFixtures(em);
const scenario = buildScenarios(fixtures).find((candidate) => candidate.name.toLowerCase().includes(word.toLowerCase()));
if (!scenario) throw new Error(`no scenario named like "${word}"`);
const sides = [await start(dirA), await start(dirB)];
const send = (side: Side, first: number) => (index: number) => askByline(side.url, scenario, first + index, fixtures.viewer.token).then((data) => scenario.check(data));
const postgresNow = () => (postmaster === null ? 0 : (postgresCpuMs(postmaster) ?? 0));

for (const side of sides) await runLoad(send(side, 0), 60, 4); // JIT, pools, prepared statements
let first = 0;
for (let round = 0; round < Number(rounds); round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const [cpuBefore, postgresBefore] = [cpuMs(side.child.pid!) ?? 0, postgresNow()];
    const result = await runLoad(send(side, first), Number(requests), Number(concurrency));
    if (result.errors > 0) throw new Error(`${side.name}: ${result.errors} errors, first: ${result.firstError}`);
    side.slices.push({ cpu: ((cpuMs(side.child.pid!) ?? 0) - cpuBefore) / Number(requests), postgres: (postgresNow() - postgresBefore) / Number(requests), requestsPerSecond: result.requestsPerSecond });
  }
  first += Number(requests);
}

for (const [label, side] of [['A', sides[0]!], ['B', sides[1]!]] as const) {
  const cpu = side.slices.map((slice) => slice.cpu);
  console.log(
    `${label} ${side.name}: server CPU ${median(cpu).toFixed(2)} ms/req (slices ${cpu.map((value) => value.toFixed(2)).join(' ')}), ` +
      `PostgreSQL CPU ${median(side.slices.map((slice) => slice.postgres)).toFixed(2)} ms/req, ${median(side.slices.map((slice) => slice.requestsPerSecond)).toFixed(0)} req/s (medians)`,
  );
}
for (const side of sides) side.child.send({ type: 'stop' });
await orm.close();
