/**
 * PostgreSQL ended the session because the server is shutting down (SQLSTATE 57P01). On Ctrl-C
 * the embedded PostgreSQL gets the signal too and may close connections before we do: that
 * is expected, not an error worth a stack in the log.
 */
export function isDatabaseShuttingDown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57P01';
}
