import type { ClusterCheckReport } from './cluster-check.js';

/** The summary the script prints: one row per check, then how the kill and the recovery went. */
export function formatClusterReport(report: ClusterCheckReport): string {
  const width = Math.max(...report.checks.map((check) => check.name.length));
  const lines = [
    `Cluster check: ${report.processes} processes, ${report.links} links, ${report.killed ? `${report.killed.name} killed (SIGKILL) ${(report.killed.atMs / 1000).toFixed(1)} s into the import with ${report.killed.heldFetches} fetches in hand and ${report.killed.settledBefore} links imported` : 'nobody killed'}`,
    '',
    `${'check'.padEnd(width)}  result  detail`,
    `${'-'.repeat(width)}  ------  ------`,
    ...report.checks.map((check) => `${check.name.padEnd(width)}  ${(check.ok ? 'ok' : 'FAILED').padEnd(6)}  ${check.detail}`),
    '',
    `import settled ${(report.importMs / 1000).toFixed(1)} s after it started${report.recoveryMs === null ? '' : `, ${(report.recoveryMs / 1000).toFixed(1)} s after the kill`}`,
    report.ok ? 'All checks passed.' : 'Some checks FAILED.',
  ];
  return lines.join('\n');
}
