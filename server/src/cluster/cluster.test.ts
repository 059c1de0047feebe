import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClusterCheck, type ClusterCheckReport } from '../../../scripts/cluster/cluster-check.js';
import { formatClusterReport } from '../../../scripts/cluster/cluster-report.js';
import { CHECK_NAMES } from '../../../scripts/cluster/cluster-verdicts.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';

/**
 * `npm run cluster:check` at small scale: three server processes on one database behind a
 * round-robin proxy, 100 links bulk-imported, the process holding the import and both
 * subscribers killed with SIGKILL in the middle (scripts/cluster/cluster-check.ts).
 */
let database: TestDatabase;
let report: ClusterCheckReport;

beforeAll(async () => {
  database = await createTestDatabase();
  report = await runClusterCheck({ databaseUrl: database.url, links: 100 });
}, 300_000);

afterAll(async () => {
  await database?.drop();
});

function check(name: string): { ok: boolean; report: string } {
  return { ok: report.checks.find((candidate) => candidate.name === name)?.ok ?? false, report: formatClusterReport(report) };
}

describe('three processes on one database, one killed with SIGKILL mid-import', () => {
  it('killed a process while it held import jobs, with links still to import', () => {
    expect(report.killed?.heldFetches, formatClusterReport(report)).toBeGreaterThan(0);
    expect(report.killed!.settledBefore).toBeLessThan(100);
  });

  it('imports every link exactly once', () => {
    expect(check(CHECK_NAMES.links)).toMatchObject({ ok: true });
  });

  it('writes every notification and mail exactly once', () => {
    expect(check(CHECK_NAMES.notifications)).toMatchObject({ ok: true });
  });

  it('keeps every live count live, from another process', () => {
    expect(check(CHECK_NAMES.live)).toMatchObject({ ok: true });
  });

  it('loses no request but those in flight on the killed process', () => {
    expect(check(CHECK_NAMES.requests)).toMatchObject({ ok: true });
  });
});
