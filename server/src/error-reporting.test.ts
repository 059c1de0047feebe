import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorReportReceiver, type ErrorReportReceiver } from './test-support/error-report-receiver.js';

/**
 * Error reporting of the server process (docs/product.md §Errors), end to end: a real process
 * starts it from its environment, fails, and the local receiver sees what Sentry's SDK sent.
 */
let receiver: ErrorReportReceiver;
beforeAll(async () => {
  receiver = await startErrorReportReceiver();
});
afterAll(() => receiver?.stop());

const CHILD = 'server/src/test-support/error-reporting-child.ts';

/** Runs the failing process to its end; its output and exit code. */
function runChild(kind: 'uncaught' | 'suppressed' | 'rejection', env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', CHILD, kind], {
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: 'error-reporting-test-secret-0123456789abcdef', PUBLIC_URL: 'https://byline.test', SENTRY_DSN: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const messages = () => receiver.events().flatMap((event) => event.messages);

describe('server error reporting', () => {
  it('sends an uncaught exception and an unhandled rejection in production, and the process still exits', async () => {
    const thrown = await runChild('uncaught', { SENTRY_DSN: receiver.dsn });
    expect(thrown.output).toContain('reporting on');
    expect(thrown.code).toBe(1);
    const rejected = await runChild('rejection', { SENTRY_DSN: receiver.dsn });
    expect(rejected.code).not.toBe(0);
    expect(messages()).toEqual(expect.arrayContaining(['Error: child process boom', 'Error: child process rejection']));
    expect(receiver.events().every((event) => event.environment === 'production')).toBe(true);
  }, 60_000);

  it('never sends a suppressed message', async () => {
    const before = receiver.events().length;
    const run = await runChild('suppressed', { SENTRY_DSN: receiver.dsn });
    expect(run.output).toContain('reporting on');
    expect(run.code).toBe(1);
    expect(receiver.events().length).toBe(before);
    expect(messages().some((message) => message.includes('TimeoutError'))).toBe(false);
  }, 60_000);

  it('sends nothing outside production, or without a DSN', async () => {
    const before = receiver.events().length;
    const development = await runChild('uncaught', { NODE_ENV: 'development', SENTRY_DSN: receiver.dsn });
    expect(development.output).toContain('reporting off');
    const withoutDsn = await runChild('uncaught', {});
    expect(withoutDsn.output).toContain('reporting off');
    expect(development.code).toBe(1);
    expect(withoutDsn.code).toBe(1);
    expect(receiver.events().length).toBe(before);
  }, 60_000);
});
