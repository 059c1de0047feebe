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

// Long enough for every deadline in scripts/cluster/cluster-settling.ts to run out, so a failed
// check prints its report rather than a hook timeout.
beforeAll(async () => {
  database = await createTestDatabase();
  report = await runClusterCheck({ databaseUrl: database.url, links: 100 });
}, 900_000);

afterAll(async () => {
  await database?.drop();
});

/** Passes when the named check is ok; on failure vitest prints the whole report, so the run says why. */
function expectCheck(name: string): void {
  expect(report.checks.find((candidate) => candidate.name === name)?.ok ?? false, formatClusterReport(report)).toBe(true);
}

describe('three processes on one database, one killed with SIGKILL mid-import', () => {
  it('killed a process while it held import jobs, with links still to import', () => {
    expect(report.killed?.heldFetches, formatClusterReport(report)).toBeGreaterThan(0);
    expect(report.killed!.settledBefore).toBeLessThan(100);
  });

  it('imports every link exactly once', () => {
    expectCheck(CHECK_NAMES.links);
  });

  it('writes every notification and mail exactly once', () => {
    expectCheck(CHECK_NAMES.notifications);
  });

  it('keeps every live count live, from another process', () => {
    expectCheck(CHECK_NAMES.live);
  });

  it('loses no request but those in flight on the killed process', () => {
    expectCheck(CHECK_NAMES.requests);
  });
});
