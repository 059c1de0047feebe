import { captureException, init, type BrowserOptions } from '@sentry/browser';
import { isSuppressedErrorEvent } from '@domain/error-reporting';
import { analyticsGranted } from './consent';
import type { ErrorReporter } from './errorReporting';

/**
 * Sentry's browser SDK, loaded only where error reporting is on (shell/errorReporting.ts). Its
 * global handlers report uncaught errors and unhandled rejections (still logged to the console,
 * with nothing shown to the visitor). An event is dropped when it is one of the suppressed
 * messages, or when the visitor has not consented to analytics (docs/product.md §Shell): error
 * reports go to a third party like analytics do. No sessions, tracing, replays or personal data.
 */
export function startSentryReporter(settings: { dsn: string; environment: string }): ErrorReporter {
  const options: BrowserOptions = {
    dsn: settings.dsn,
    environment: settings.environment,
    sendDefaultPii: false,
    sendClientReports: false,
    // Sessions would send an envelope on every page load; only errors are wanted.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
    beforeSend: (event) => (isSuppressedErrorEvent(event) || !analyticsGranted() ? null : event),
  };
  init(options);
  return {
    reportEarly(error) {
      captureException(error, { mechanism: { type: 'onerror', handled: false } });
    },
  };
}
