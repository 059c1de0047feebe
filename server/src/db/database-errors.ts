/**
 * PostgreSQL ended the session because the server is shutting down (SQLSTATE 57P01). On Ctrl-C
 * the embedded PostgreSQL gets the signal too and may close connections before we do: that
 * is expected, not an error worth a stack in the log.
 */
export function isDatabaseShuttingDown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57P01';
}

/**
 * A unique index refused a row (SQLSTATE 23505), optionally a given one. Checking first and
 * inserting after leaves a race between two requests; the index settles it, and this tells
 * the loser's error apart from a real failure.
 */
export function isUniqueViolation(error: unknown, constraintName?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraintName === undefined || constraint === constraintName);
}
