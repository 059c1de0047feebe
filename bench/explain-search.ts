/**
 * `DATABASE_URL=… node --import @swc-node/register/esm-register bench/explain-search.ts [text…]`:
 * the top search's statements (runPostgresSearch) for each text, each preceded by its
 * `EXPLAIN (ANALYZE, BUFFERS)` plan, plus the time of the whole search run alone (median of 5).
 * For working out the SQL on a big kept set (docs/perf/history.md, 1,000,000 posts).
 */
import pg from 'pg';
import { searchableText, searchWords } from '../domain/search.js';
import { runPostgresSearch, TYPO_CANDIDATE_SIMILARITY, type RunSql, TOP_SEARCH_PER_GROUP } from '../server/src/modules/search/index.js';
import { SEARCH_TEXTS } from './scenarios.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const client = new pg.Client({ connectionString: url, options: `-c pg_trgm.similarity_threshold=${TYPO_CANDIDATE_SIMILARITY}` });
await client.connect();
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const plain: RunSql = async <Row extends object>(sql: string, params: readonly unknown[]) => (await client.query<Row>(numbered(sql), [...params])).rows;
const explained: RunSql = async <Row extends object>(sql: string, params: readonly unknown[]) => {
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${numbered(sql)}`, [...params]);
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), '\n');
  return plain<Row>(sql, params);
};

const texts = process.argv.slice(2).length > 0 ? process.argv.slice(2) : SEARCH_TEXTS;
for (const raw of texts) {
  const text = searchableText(raw);
  if (text === null) continue;
  const request = { text, kinds: ['user', 'tag', 'role', 'account'] as const, limitPerKind: TOP_SEARCH_PER_GROUP * 3 };
  console.log(`==== "${raw}"`);
  const hits = await runPostgresSearch(explained, searchWords(text), request);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await runPostgresSearch(plain, searchWords(text), request);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`"${raw}": ${hits.length} hits, whole search median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)})\n`);
}
await client.end();
