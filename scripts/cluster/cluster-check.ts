/**
 * Proves what docs/architecture.md claims: several Byline processes on one PostgreSQL, behind a
 * load balancer, lose nothing when one of them dies. Three processes (each its own port and its
 * own view of the social networks) behind a round-robin proxy; people sign up, one bulk-imports
 * `links` links, credits and sign-ins run alongside, two subscribers follow live counts; the
 * process that took the bulk import and both subscribers is killed with SIGKILL while it holds
 * import jobs; then everything must settle with each link imported once, each notification
 * and mail sent once, both counts live again from another process, and no request failed but
 * those in flight on the killed process.
 *
 * Used by `npm run cluster:check` (scripts/cluster-check.ts) and by its test at small scale.
 */
import { runBurst, type BurstResult } from './burst.js';
import { ClusterClient } from './cluster-client.js';
import { startCluster, type RunningCluster } from './cluster-processes.js';
import { settleCluster } from './cluster-settling.js';
import { judgeCluster, type CheckResult } from './cluster-verdicts.js';
import { subscribeLive, type LiveSubscription } from './live-subscription.js';
import { signUp, type Person } from './people.js';
import { waitUntil, withinDeadline } from './wait-until.js';

export interface ClusterCheckOptions {
  /** An empty, migrated database (or one the processes may migrate). */
  databaseUrl: string;
  links: number;
  processes?: number;
  /** false: the same run with nobody killed (a baseline). */
  kill?: boolean;
  collaborators?: number;
  log?: (message: string) => void;
}

export interface ClusterCheckReport {
  ok: boolean;
  links: number;
  processes: number;
  killed: { name: string; heldFetches: number; settledBefore: number; atMs: number } | null;
  /** From the bulk import's start to its last link settled, and from the kill to then. */
  importMs: number;
  recoveryMs: number | null;
  checks: CheckResult[];
}

export interface Progress {
  id: string;
  total: number;
  finished: number;
  done: boolean;
}

const BULK_IMPORT = 'mutation($urls: [String!]!) { bulkImportPosts(input: { urls: $urls }) { bulkImport { id } } }';
const ROLES = '{ creditRoles { id name } }';
/** Requests the burst keeps sending after the kill, to show the survivors take them all. */
const OPERATIONS_AFTER_KILL = 30;

export function clusterLinks(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `https://www.tiktok.com/@cluster.check/video/77${String(i).padStart(17, '0')}`);
}

export async function runClusterCheck(options: ClusterCheckOptions): Promise<ClusterCheckReport> {
  const log = options.log ?? (() => undefined);
  const processCount = options.processes ?? 3;
  const kill = options.kill ?? true;
  const clock = performance.now();
  const now = () => performance.now() - clock;

  log(`starting ${processCount} Byline processes…`);
  // The victim lets its first fetches through, then holds the rest: it dies with jobs in hand.
  const cluster = await startCluster({ databaseUrl: options.databaseUrl, processes: processCount, victimHoldsAfter: kill ? Math.max(4, Math.round(options.links / 5)) : Infinity, now });
  let finished = false;
  try {
    const { proxy, victim, db } = cluster;
    const client = new ClusterClient(proxy.url, now);
    const collaboratorCount = options.collaborators ?? 4;
    log(`signing up ${1 + collaboratorCount} people through the proxy…`);
    const [importer, ...collaborators] = (await Promise.all(Array.from({ length: 1 + collaboratorCount }, (_, i) => signUp(client, cluster.mail, `cluster_${i}`)))) as [Person, ...Person[]];
    const roles = await client.graphql<{ creditRoles: Array<{ id: string }> }>('creditRoles', ROLES, {}, importer.token);
    const roleId = roles.body?.data?.creditRoles[0]?.id;
    if (!roleId) throw new Error(`no credit roles: ${roles.request.detail}`);

    // Both subscribers and the bulk import go to the process that will be killed.
    const countsHolder = collaborators[0]!;
    const { progress, counts } = await subscribeOnVictim(cluster, importer, countsHolder, now);
    log(`bulk-importing ${options.links} links…`);
    const links = clusterLinks(options.links);
    proxy.steerNextTo(victim.name);
    const importStartedAt = now();
    const bulkStarted = await client.graphql<{ bulkImportPosts: { bulkImport: { id: string } } }>('bulkImportPosts', BULK_IMPORT, { urls: links }, importer.token);
    const bulkImportId = bulkStarted.body?.data?.bulkImportPosts.bulkImport.id;
    if (!bulkImportId) throw new Error(`the bulk import was refused: ${bulkStarted.request.detail}`);

    let killRecord: KillRecord | null = null;
    let importSettled = false;
    const burst: Promise<BurstResult> = runBurst({
      client,
      importer,
      collaborators,
      roleId,
      bulkImportId,
      concurrency: 4,
      // With a kill: on until the survivors have taken a good number of requests after it.
      shouldStop: () => finished || (kill ? killRecord !== null && client.requests.length - killRecord.requestsAtExit >= OPERATIONS_AFTER_KILL : importSettled),
    });

    const importedCount = async () =>
      Number((await db.query<{ n: string }>(`select count(*) as n from posts where network_id = 5 and external_id like '77%' and import_status = 'imported'`)).rows[0]!.n);
    if (kill) {
      killRecord = await killMidImport(cluster, client, importedCount, options.links, now);
      log(`killed ${victim.name} (SIGKILL) holding ${killRecord.heldFetches} fetches, ${killRecord.importedBefore}/${options.links} imported`);
    }

    log('waiting for the import to settle…');
    const settling = await settleCluster({
      db,
      links: options.links,
      now,
      importedCount,
      progress,
      counts,
      countsHolder,
      mail: cluster.mail,
      burst: burst.then(() => undefined),
      onImported: () => {
        importSettled = true;
      },
    });
    const burstResult = await burst;
    const checks = await judgeCluster({
      db,
      links,
      bulkImportId,
      client,
      proxy,
      importer,
      mail: cluster.mail,
      progress,
      counts,
      burst: burstResult,
      victim: killRecord ? victim.name : null,
      killedAt: killRecord?.killedAt ?? null,
      exitedAt: killRecord?.exitedAt ?? null,
      settling,
    });
    return {
      ok: checks.every((check) => check.ok),
      links: options.links,
      processes: processCount,
      killed: killRecord ? { name: victim.name, heldFetches: killRecord.heldFetches, settledBefore: killRecord.importedBefore, atMs: Math.round(killRecord.killedAt - importStartedAt) } : null,
      importMs: Math.round((settling.importSettledAt ?? now()) - importStartedAt),
      recoveryMs: killRecord === null || settling.importSettledAt === null ? null : Math.round(settling.importSettledAt - killRecord.killedAt),
      checks,
    };
  } catch (error) {
    for (const server of cluster.servers) log(`--- ${server.name} output ---\n${server.output()}`);
    throw error;
  } finally {
    finished = true;
    await cluster.stop();
  }
}

/** The importer follows the bulk import's progress, a collaborator their notification count: both on the victim. */
async function subscribeOnVictim(cluster: RunningCluster, importer: Person, countsHolder: Person, now: () => number): Promise<{ progress: LiveSubscription<Progress>; counts: LiveSubscription<{ new: number }> }> {
  const { proxy, victim } = cluster;
  proxy.steerNextTo(victim.name);
  const progress = subscribeLive<Progress>({ url: proxy.url, socketId: 'bulk-import-progress', token: importer.token, query: 'subscription { bulkImportProgress { id total finished done } }', pick: (data) => data.bulkImportProgress as Progress, now });
  cluster.onStop(() => progress.close());
  await progress.connected;
  proxy.steerNextTo(victim.name);
  const counts = subscribeLive<{ new: number }>({ url: proxy.url, socketId: 'notification-counts', token: countsHolder.token, query: 'subscription { notificationCounts { new } }', pick: (data) => data.notificationCounts as { new: number }, now });
  cluster.onStop(() => counts.close());
  await counts.waitFor(() => true);
  return { progress, counts };
}

interface KillRecord {
  heldFetches: number;
  importedBefore: number;
  killedAt: number;
  /** When the process was gone: a request on it until then was in flight at the kill. */
  exitedAt: number;
  requestsAtExit: number;
}

/**
 * SIGKILL for the victim once it holds fetches (import jobs claimed, not finished) and the others
 * have landed some links. Not later: the held fetches time out after 8 s and are retried, so on a
 * slow machine waiting for a large share would kill a process that no longer holds anything.
 */
async function killMidImport(cluster: RunningCluster, client: ClusterClient, importedCount: () => Promise<number>, links: number, now: () => number): Promise<KillRecord> {
  const { victim, victimGate } = cluster;
  const holding = await withinDeadline(victimGate.whenHolding(1).then(() => true), 120_000);
  const someLanded = Math.ceil(links / 10);
  const midway = holding !== null && (await waitUntil(async () => (await importedCount()) >= someLanded, { deadlineMs: 120_000, intervalMs: 50 }));
  if (!midway) throw new Error(`the import never reached the point to kill at (victim holding: ${victimGate.held}, imported: ${await importedCount()})`);
  const importedBefore = await importedCount();
  const heldFetches = victimGate.held;
  const killedAt = now();
  await victim.kill();
  const exitedAt = now();
  // The held fetches' connections died with the process: nothing is left to answer.
  victimGate.open();
  return { heldFetches, importedBefore, killedAt, exitedAt, requestsAtExit: client.requests.length };
}
