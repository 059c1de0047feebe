import type { RuntimeConfig } from '@domain/runtime-config';
import { readRuntimeConfig } from './runtimeConfig';

/** What the lazily loaded reporter offers (shell/sentryReporter.ts). */
export interface ErrorReporter {
  reportEarly(error: unknown): void;
}

/** Errors from before the reporter arrived; a handful is enough to see a start-up failure. */
const EARLY_LIMIT = 10;

/**
 * Error reporting in the browser (docs/product.md §Errors): only when the server handed the page
 * a DSN, which it does in production alone. Sentry's SDK is then fetched as a chunk of its own,
 * so the first load carries none of it and a page without a DSN never loads it. Errors thrown
 * while it loads are kept and reported once it is there. Resolves to whether reporting is on.
 */
export async function startErrorReporting(config: RuntimeConfig = readRuntimeConfig()): Promise<boolean> {
  const settings = config.errorReporting;
  if (!settings) return false;
  const early: unknown[] = [];
  const keepError = (event: ErrorEvent) => {
    if (early.length < EARLY_LIMIT) early.push(event.error ?? event.message);
  };
  const keepRejection = (event: PromiseRejectionEvent) => {
    if (early.length < EARLY_LIMIT) early.push(event.reason);
  };
  window.addEventListener('error', keepError);
  window.addEventListener('unhandledrejection', keepRejection);
  try {
    const { startSentryReporter } = await import('./sentryReporter');
    const reporter = startSentryReporter(settings);
    for (const error of early) reporter.reportEarly(error);
    return true;
  } catch {
    // The chunk did not load (offline, a deploy in between): the page goes on without reporting.
    return false;
  } finally {
    window.removeEventListener('error', keepError);
    window.removeEventListener('unhandledrejection', keepRejection);
  }
}
