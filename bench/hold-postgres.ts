/**
 * `node --import @swc-node/register/esm-register bench/hold-postgres.ts DIR`: starts the embedded
 * PostgreSQL of a kept bench folder (`npm run bench -- --keep-data DIR`) and keeps it running until
 * Ctrl-C, printing its URL, so `psql` (EXPLAIN) and `DATABASE_URL=… npm run bench` can share it.
 */
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { createLogger } from '../server/src/logger.js';
import { BENCH_POSTGRES_SETTINGS } from './database.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: hold-postgres.ts DIR (a --keep-data folder)');
const embedded = await startEmbeddedPostgres({ dataDir: path.resolve(dir), port: null, database: 'byline_bench', logger: createLogger('warn'), settings: BENCH_POSTGRES_SETTINGS });
console.log(embedded.url);
const stop = () => void embedded.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
