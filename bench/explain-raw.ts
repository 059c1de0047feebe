/**
 * `DATABASE_URL=… node --import @swc-node/register/esm-register bench/explain-raw.ts [--plans]`:
 * the plan of every raw baseline statement (raw-routes.ts) on a kept bench set, for each viewer
 * and variant the bench asks, so a weak baseline shows: one line per statement with its execution
 * and planning time (the third run of it, warm), the buffers it touched and the scans it made;
 * `--plans` prints the whole `EXPLAIN (ANALYZE, BUFFERS)` text as well. bench/README.md keeps the output.
 */
import 'reflect-metadata';
import pg from 'pg';
import { numberedPlaceholders } from '../server/src/db/prepared-read.js';
import { createLogger } from '../server/src/logger.js';
import { verifySessionToken } from '../server/src/modules/auth/index.js';
import { TYPO_CANDIDATE_SIMILARITY } from '../server/src/modules/search/index.js';
import { openOrm } from '../server/src/registry.js';
import { BENCH_JWT_SECRET, loadFixtures } from './fixtures.js';
import { rawRoutes, type RawDatabase, type RawViewer } from './raw-routes.js';
import { buildScenarios } from './scenarios.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const wholePlans = process.argv.includes('--plans');

/** How many of a path's variants (scenarios.ts asks them in turn) to explain; one for the rest. */
const VARIANTS: Record<string, number> = { '/explore': 5, '/projects': 4, '/jobs': 6, '/job-applications': 3, '/top-search': 3 };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

/** The scans of a plan, in order: "Index Scan posts_pkey ×18", "Seq Scan social_networks (11 rows)". */
function scansOf(node: PlanNode, into: string[] = []): string[] {
  const type = node['Node Type'];
  if (type.includes('Scan') && (node['Index Name'] || node['Relation Name'])) {
    const target = node['Index Name'] ?? node['Relation Name'];
    const loops = node['Actual Loops'] > 1 ? ` ×${node['Actual Loops']}` : '';
    const rows = type === 'Seq Scan' ? ` (${node['Actual Rows'] * node['Actual Loops']} rows)` : '';
    into.push(`${type.replace('Bitmap Heap Scan', 'Bitmap Heap')} ${target}${loops}${rows}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

/** A variant's variables in a few words: the ones set, filters flattened ("sort NEWEST, text studio"). */
function describe(variables: Record<string, unknown>): string {
  const set = (value: unknown) => value !== null && value !== undefined && value !== 'ALL' && !(Array.isArray(value) && value.length === 0);
  const words = (entries: Array<[string, unknown]>): string[] =>
    entries.flatMap(([key, value]) => (!set(value) || key === 'first' || key === 'jobId' ? [] : typeof value === 'object' && !Array.isArray(value) ? words(Object.entries(value as object)) : [`${key} ${Array.isArray(value) ? value.join('+') : String(value)}`]));
  return words(Object.entries(variables)).join(', ').slice(0, 60);
}

const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c pg_trgm.similarity_threshold=${TYPO_CANDIDATE_SIMILARITY}` });
const lines: string[] = [];
let label = '';

async function explainAndRun(sql: string, params: unknown[]): Promise<pg.QueryResult> {
  // Twice to warm the caches as a run of the bench would, then the plan of the third.
  await pool.query(sql, params);
  await pool.query(sql, params);
  const [row] = (await pool.query(`explain (analyze, buffers, costs off, format json) ${sql}`, params)).rows as Array<{ 'QUERY PLAN': Explained[] }>;
  const explained = row!['QUERY PLAN'][0]!;
  const plan = explained.Plan;
  const buffers = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  const scans = scansOf(plan);
  lines.push(`| ${label} | ${explained['Execution Time'].toFixed(1)} (${explained['Planning Time'].toFixed(1)}) | ${buffers.toLocaleString('en-US')} | ${scans.join(', ')} |`);
  if (wholePlans) console.log(`\n${label}\n${((await pool.query(`explain (analyze, buffers, costs off) ${sql}`, params)).rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n')}`);
  return pool.query(sql, params);
}

const database: RawDatabase = {
  body: async (sql, params) => String((await explainAndRun(sql, params)).rows[0]?.body ?? 'null'),
  runSql: async <Row extends object>(sql: string, params: readonly unknown[]) => (await explainAndRun(numberedPlaceholders(sql), [...params])).rows as Row[],
};
const routes = rawRoutes(database);

const orm = await openOrm(url, { logger: createLogger('warn') });
const fixtures = await loadFixtures(orm.em.fork());
const viewerOf = (token: string | null): RawViewer | null => {
  const claims = token ? verifySessionToken(token, BENCH_JWT_SECRET) : null;
  return claims?.sessionId ? { userId: claims.userId, sessionId: claims.sessionId } : null;
};

for (const scenario of buildScenarios(fixtures)) {
  if (!scenario.rawPath) continue;
  const viewer = viewerOf(scenario.signedIn ? (scenario.token ?? fixtures.viewer.token) : null);
  for (let index = 0; index < (VARIANTS[scenario.rawPath] ?? 1); index++) {
    const variables = scenario.variables(index);
    label = `${scenario.name}${VARIANTS[scenario.rawPath] ? ` · ${describe(variables) || 'first page'}` : ''}`;
    await routes[scenario.rawPath]!(variables, viewer);
  }
}
console.log('| raw statement | ms (planning) | buffers | scans, in plan order |\n|---|---:|---:|---|');
console.log(lines.join('\n'));
await pool.end();
await orm.close();
