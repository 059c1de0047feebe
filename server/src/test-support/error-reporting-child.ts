/**
 * A server process that fails on purpose (error-reporting.test.ts): it starts error reporting
 * from its environment as main.ts does, says whether it is on, then throws (argv[2]: `uncaught`,
 * `suppressed`) or leaves a promise rejected (`rejection`).
 */
import { loadConfig } from '../config.js';
import { startServerErrorReporting } from '../error-reporting.js';

const on = startServerErrorReporting(loadConfig(process.env), { info: () => undefined });
process.stdout.write(on ? 'reporting on\n' : 'reporting off\n');
const kind = process.argv[2];
if (kind === 'rejection') {
  void Promise.reject(new Error('child process rejection'));
} else {
  setTimeout(() => {
    throw new Error(kind === 'suppressed' ? 'TimeoutError: the child process timed out' : 'child process boom');
  }, 0);
}
