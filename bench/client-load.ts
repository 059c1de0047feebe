/**
 * `npm run bench:client [-- --runs 3 --only /explore,/signin]` — the client targets of
 * docs/product.md §Performance: the first load of each route fetches at most 150 KB of gzipped
 * JavaScript, and its Largest Contentful Paint comes within 1.5 s in Chromium with a 4× CPU
 * slow-down and a 150 ms / 1.6 Mbps network. Builds nothing: it runs the built app
 * (`npm run build`: the compiled server serving client/dist) over a fresh embedded PostgreSQL with
 * a small synthetic data set, opens every route in Debian's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium), prints a table and writes bench/results/client-load.json. See
 * bench/README.md, "Client load".
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
// First among the app's modules: the server registry loads the modules in the order their decorators need.
import { chromiumPath, clientDist, root, startBenchApp, type BenchApp } from './built-app.js';
import { loadConfig } from '../server/src/config.js';
import { seedSyntheticData } from '../server/src/seed/synthetic-data.js';
import { RoleFlag } from '../domain/enums.js';
import { newClaimToken } from '../server/src/modules/credits/index.js';
import { List } from '../server/src/modules/lists/index.js';
import { Post } from '../server/src/modules/posts/index.js';
import { Invitation } from '../server/src/modules/teams/index.js';
import { createCredit, createSession, createTeam, createUser } from '../server/src/test-support/factories.js';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags.js';
import { measureLoad, MOBILE_THROTTLING, type Cookie, type LoadMeasurement } from './client-load-measure.js';

/** The targets of docs/product.md §Performance. KB are 1,000 bytes, as Vite's build report counts them. */
const MAX_JS_GZIP_BYTES = 150_000;
const MAX_LCP_MS = 1_500;
const JWT_SECRET = 'bench-client-secret-that-is-long-enough-for-hs256';


interface Args {
  runs: number;
  only: string[] | null;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { runs: 3, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const raw = () => inline ?? argv[++i] ?? '';
    if (flag === '--runs') {
      args.runs = Number(raw());
      if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs needs a whole number of at least 1');
    } else if (flag === '--only') args.only = raw().split(',');
    else throw new Error(`unknown option ${flag} (options: --runs N, --only /path,/other)`);
  }
  return args;
}

/** A route of the shell's route table, as someone opens it. */
interface RouteCase {
  /** The route table's pattern, e.g. `/posts/:postRef`. */
  route: string;
  path: string;
  signedIn: boolean;
  /** Signed in as an administrator instead of the member (the admin pages). */
  admin?: boolean;
}

interface Row {
  route: string;
  path: string;
  signedIn: boolean;
  admin: boolean;
  runs: LoadMeasurement[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  lcpMs: number | null;
  pass: boolean;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const executablePath = chromiumPath();
  let app: BenchApp | null = null;
  let browser: Browser | null = null;
  try {
    console.log('Starting an embedded PostgreSQL and the compiled server (dist/) serving client/dist…');
    app = await startBenchApp(JWT_SECRET);
    const { url, orm } = app;

    // The server applied the migrations; now a small data set and someone to sign in as.
    await seedSyntheticData(orm.em.fork(), { posts: 2_000 });
    const em = orm.em.fork();
    const [post] = await em.execute<Array<{ id: number }>>('select id from posts where not is_private and type <> 5 and not is_deleted order by id limit 1');
    const [otherPost] = await em.execute<Array<{ id: number }>>('select id from posts where not is_private and type <> 5 and not is_deleted order by id limit 1 offset 1');
    const [creator] = await em.execute<Array<{ username: string }>>('select u.username from users u join credits c on c.user_id = u.id where u.username is not null order by u.id limit 1');
    if (!post || !otherPost || !creator) throw new Error('the synthetic data set has no public post or credited user');
    const member = await createUser(em, { name: 'Bench Member' });
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: app.databaseUrl, JWT_SECRET });
    const session = await createSession(em, config, member.id);
    // A team the member manages and a list of theirs, for the pages that show one.
    const team = await createTeam(em, [{ user: member, role: 'manager' }]);
    const list = em.create(List, { owner: member, kind: 'custom', name: 'Bench prospects' });
    // An invitation mailed to the member by another team, and a credit waiting for them to claim
    // it by its link, for the two pages those links open.
    const invitingTeam = await createTeam(em);
    const invitation = em.create(Invitation, { team: invitingTeam, code: 'bench-invitation-code', email: member.email ?? 'bench@example.test', expiresAt: new Date(Date.now() + 7 * 86_400_000) });
    const claim = newClaimToken();
    await createCredit(em, { post: em.getReference(Post, otherPost.id), inviteeEmail: member.email ?? 'bench@example.test', claimTokenHash: claim.hash });
    const admin = await createUser(em, { name: 'Bench Admin', roleFlags: [RoleFlag.admin] });
    const adminSession = await createSession(em, config, admin.id);
    await em.flush();
    const memberCookies: Cookie[] = [
      { name: 'byline_session', value: session.accessToken },
      { name: 'byline_refresh', value: session.refreshToken },
    ];
    const adminCookies: Cookie[] = [
      { name: 'byline_session', value: adminSession.accessToken },
      { name: 'byline_refresh', value: adminSession.refreshToken },
    ];

    // Signed out where a visitor may be (access.ts), signed in elsewhere: a signed-out visitor
    // asking for /explore gets the sign-up page instead.
    const cases: RouteCase[] = [
      { route: '/', path: '/', signedIn: false },
      { route: '/', path: '/', signedIn: true },
      { route: '/:username', path: `/${creator.username}`, signedIn: false },
      { route: '/posts/:postRef', path: `/posts/${post.id}`, signedIn: false },
      { route: '/signin', path: '/signin', signedIn: false },
      { route: '/signup', path: '/signup', signedIn: false },
      { route: '/about', path: '/about', signedIn: false },
      { route: '/explore', path: '/explore', signedIn: true },
      { route: '/creators', path: '/creators', signedIn: true },
      { route: '/jobs', path: '/jobs', signedIn: true },
      { route: '/plans', path: '/plans', signedIn: true },
      { route: '/settings', path: '/settings', signedIn: true },
      { route: '/manager', path: '/manager', signedIn: true },
      { route: '/notifications', path: '/notifications', signedIn: true },
      { route: '/lists', path: '/lists', signedIn: true },
      { route: '/teams', path: '/teams', signedIn: true },
      { route: '/teams/:teamId', path: `/teams/${team.id}`, signedIn: true },
      { route: '/lists/:listId', path: `/lists/${list.id}`, signedIn: true },
      { route: '/settings/login', path: '/settings/login', signedIn: true },
      // Sixth round: every other route of the route table (client/src/shell/routes.tsx).
      { route: '/teams/:teamId/billing', path: `/teams/${team.id}/billing`, signedIn: true },
      { route: '/teams/accept/:code', path: `/teams/accept/${invitation.code}`, signedIn: true },
      // Jobs and projects are "coming soon" pages: the schema has no job posting or project yet.
      { route: '/jobs/:jobSlug', path: '/jobs/1~bench-brand-video-editor', signedIn: true },
      { route: '/projects', path: '/projects', signedIn: true },
      { route: '/projects/:projectSlug/*', path: '/projects/1~bench-launch/brief', signedIn: true },
      { route: '/credits/claim/:token', path: `/credits/claim/${claim.token}`, signedIn: true },
      { route: '/profile', path: '/profile', signedIn: true },
      { route: '/settings/accounts', path: '/settings/accounts', signedIn: true },
      { route: '/invite', path: '/invite', signedIn: true },
      { route: '/visualmatch', path: '/visualmatch', signedIn: true },
      { route: '/messages', path: '/messages', signedIn: true },
      { route: '/signup/username', path: '/signup/username', signedIn: true },
      { route: '/sportssummit26', path: '/sportssummit26', signedIn: true },
      { route: '/admin/users', path: '/admin/users', signedIn: true, admin: true },
      { route: '/admin/credit-reports', path: '/admin/credit-reports', signedIn: true, admin: true },
      { route: '/admin/user-reports', path: '/admin/user-reports', signedIn: true, admin: true },
      // Signed out: a signed-in visit would end the member's session for the routes after it.
      { route: '/signout', path: '/signout', signedIn: false },
      { route: '/reset-password', path: '/reset-password', signedIn: false },
      { route: '/blog', path: '/blog', signedIn: false },
      { route: '/downloads', path: '/downloads', signedIn: false },
      { route: '/contact', path: '/contact', signedIn: false },
      { route: '/privacy', path: '/privacy', signedIn: false },
      { route: '/terms', path: '/terms', signedIn: false },
      // The light query panel; GraphiQL on Monaco loads only on request (were it loaded, its web
      // workers would count: see client-load-measure.ts).
      { route: '/developers/explorer', path: '/developers/explorer', signedIn: false },
      { route: '/404', path: '/404', signedIn: false },
      { route: '*', path: '/no/such/page', signedIn: false },
    ].filter((entry) => !args.only || args.only.includes(entry.route) || args.only.includes(entry.path));

    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    const open = (entry: RouteCase, throttled: boolean) =>
      measureLoad(browser!, { url: `${url}${entry.path}`, cookies: entry.signedIn ? (entry.admin ? adminCookies : memberCookies) : [], clientDist, throttled });

    console.log(`Warming the server up (each route once, unthrottled)…`);
    for (const entry of cases) await open(entry, false);

    console.log(
      `Measuring ${cases.length} routes × ${args.runs} runs: CPU ${MOBILE_THROTTLING.cpuSlowdown}× slower, ${MOBILE_THROTTLING.latencyMs} ms latency, ` +
        `${MOBILE_THROTTLING.downloadBitsPerSecond / 1e6} Mbps down, ${MOBILE_THROTTLING.uploadBitsPerSecond / 1e3} kbps up, phone viewport, empty cache.`,
    );
    const rows: Row[] = [];
    for (const entry of cases) {
      const runs: LoadMeasurement[] = [];
      for (let run = 0; run < args.runs; run++) runs.push(await open(entry, true));
      const lcps = runs.flatMap((run) => (run.lcpMs === null ? [] : [run.lcpMs]));
      // Sizes are the same on every run (the same files); LCP is the median of the runs.
      const jsGzipBytes = Math.max(...runs.map((run) => run.jsGzipBytes));
      const cssGzipBytes = Math.max(...runs.map((run) => run.cssGzipBytes));
      const lcpMs = median(lcps);
      rows.push({
        route: entry.route,
        path: entry.path,
        signedIn: entry.signedIn,
        admin: entry.admin ?? false,
        runs,
        jsGzipBytes,
        cssGzipBytes,
        lcpMs,
        pass: jsGzipBytes <= MAX_JS_GZIP_BYTES && lcpMs !== null && lcpMs <= MAX_LCP_MS,
      });
      printRow(rows.at(-1)!, rows.length === 1);
    }

    const report = {
      date: new Date().toISOString(),
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
      chromium: browser.version(),
      throttling: MOBILE_THROTTLING,
      targets: { maxJsGzipBytes: MAX_JS_GZIP_BYTES, maxLcpMs: MAX_LCP_MS },
      runsPerRoute: args.runs,
      results: rows,
    };
    const resultsDir = path.join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'client-load.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to bench/results/client-load.json (per run: every script with its gzip size, FCP, LCP element, bytes sent).`);
    if (rows.some((row) => !row.pass)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await app?.stop();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function printRow(row: Row, withHeader: boolean): void {
  const widths = [26, 9, 5, 11, 10, 12, 8, 6];
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  if (withHeader) {
    console.log(`\n${line(['route', 'JS gz KB', 'files', 'idle JS KB', 'CSS gz KB', 'sent KB (JS)', 'LCP ms', 'result'])}`);
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
  const first = row.runs[0]!;
  const name = `${row.path}${row.admin ? ' (admin)' : row.signedIn ? ' (signed in)' : ''}`;
  console.log(
    line([name, kb(row.jsGzipBytes), String(first.jsFiles), kb(first.idlePreloadJsGzipBytes), kb(row.cssGzipBytes), kb(first.jsTransferBytes), row.lcpMs === null ? '-' : row.lcpMs.toFixed(0), row.pass ? 'pass' : 'FAIL']) +
      `   LCP: ${first.lcpElement ?? '-'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
