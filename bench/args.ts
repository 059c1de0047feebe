/** Command-line options of `npm run bench`. */
export interface BenchArgs {
  size: number;
  requests: number;
  concurrency: number[];
  seed: boolean;
  showSql: boolean;
  fromSources: boolean;
  /** Keep the embedded database in this folder between runs (seeded once, reused after). */
  keepData: string | null;
  /** Only the scenarios whose names contain one of these words (case-insensitive). */
  only: string[];
  /** Leave posts' own search documents out of the index (no scenario reads them; saves most of the indexing time of a big set). */
  skipPostDocuments: boolean;
}

const USAGE = '--size N, --requests N, --concurrency 1,10,32, --seed, --keep-data DIR, --only feed,search, --skip-post-documents, --show-sql, --from-sources';

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { size: 20_000, requests: 200, concurrency: [1, 10, 32], seed: false, showSql: false, fromSources: false, keepData: null, only: [], skipPostDocuments: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const raw = () => inline ?? argv[++i] ?? '';
    const whole = (text: string) => {
      const value = Number(text);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs whole numbers of at least 1 (got "${text}")`);
      return value;
    };
    if (flag === '--size') args.size = whole(raw());
    else if (flag === '--requests') args.requests = whole(raw());
    else if (flag === '--concurrency') args.concurrency = raw().split(',').map(whole);
    else if (flag === '--seed') args.seed = true;
    else if (flag === '--show-sql') args.showSql = true;
    else if (flag === '--from-sources') args.fromSources = true;
    else if (flag === '--keep-data') args.keepData = raw() || null;
    else if (flag === '--skip-post-documents') args.skipPostDocuments = true;
    else if (flag === '--only') args.only = raw().split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
    else throw new Error(`unknown option ${flag} (options: ${USAGE})`);
  }
  if (args.keepData === null && argv.some((arg) => arg.startsWith('--keep-data'))) throw new Error('--keep-data needs a folder');
  return args;
}
