/**
 * `DATABASE_URL=… node --import @swc-node/register/esm-register bench/explain-creators.ts`: the
 * creator search (`searchCreators`) on a kept bench set for a few filters, each statement's
 * `EXPLAIN (ANALYZE, BUFFERS)` and the whole call's time (median of 3). For profiling /creators.
 * `--viewers [--requests=40]`: the rows `npm run bench` prints per kind of viewer (creator-viewers.ts) instead.
 */
import 'reflect-metadata';
import { openOrm } from '../server/src/registry.js';
import { createLogger } from '../server/src/logger.js';
import { searchCreators, type CreatorSearchFilters } from '../server/src/modules/search/index.js';
import { User } from '../server/src/modules/users/index.js';
import { measureCreatorViewers } from './creator-viewers.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const orm = await openOrm(url, { logger: createLogger('warn') });
if (process.argv.includes('--viewers')) {
  const requests = Number(process.argv.find((arg) => arg.startsWith('--requests='))?.slice('--requests='.length) ?? 40);
  await measureCreatorViewers(orm, requests);
  await orm.close();
  process.exit(0);
}
const none: CreatorSearchFilters = { roleIds: [], geohash: null, listId: null, networkIds: [], minFollowers: null, maxFollowers: null, creditedWithinDays: null, text: null };
const cases: Array<[string, CreatorSearchFilters]> = [
  ['no filter', none],
  ['text "maya"', { ...none, text: 'maya' }],
  ['role 1', { ...none, roleIds: [1] }],
  ['network 5', { ...none, networkIds: [5] }],
  ['min followers 10000', { ...none, minFollowers: 10_000 }],
  ['place dpz8 + role 2', { ...none, geohash: 'dpz8', roleIds: [2] }],
  ['credited in 30 days', { ...none, creditedWithinDays: 30 }],
];
const em = orm.em.fork();
// A viewer with private posts of their own, so the search corrects the stored totals for them.
const [withPrivate] = await em.execute<Array<{ id: number }>>(`select created_by_id as id from posts where is_private and created_by_id is not null order by id limit 1`);
const viewerUser = await em.findOneOrFail(User, withPrivate ? { id: withPrivate.id } : { username: { $ne: null } }, { orderBy: { id: 'asc' } });
const viewer = { user: viewerUser, masqueradingAdminId: null, sessionId: null, plansOpen: false };
const explain = process.argv.includes('--explain');
if (explain) {
  // Every statement goes through the connection (transactions fork the EntityManager): print the
  // creator search's plan before running it.
  const connection = orm.em.getConnection();
  const execute = connection.execute.bind(connection);
  connection.execute = (async (sql: string, params?: unknown[], method?: 'all' | 'get' | 'run', ...rest: unknown[]) => {
    if (sql.includes('"stored" as (')) {
      const plan = (await execute(`explain (analyze, buffers) ${sql}`, params, 'all', ...(rest as []))) as Array<{ 'QUERY PLAN': string }>;
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return execute(sql, params, method, ...(rest as []));
  }) as typeof connection.execute;
}
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const [name, filters] of cases.filter(([name]) => only.length === 0 || only.some((word) => name.includes(word)))) {
  const times: number[] = [];
  for (let i = 0; i < (explain ? 1 : 3); i++) {
    const fork = orm.em.fork();
    const started = performance.now();
    const result = await searchCreators(fork, viewer, filters, { offset: 0, size: 24 });
    times.push(performance.now() - started);
    if (i === 0) console.log(`${name}: ${result.items.length} people`);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)})`);
}
await orm.close();
