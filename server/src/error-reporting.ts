import * as Sentry from '@sentry/node';
import { isSuppressedErrorEvent } from '../../domain/error-reporting.js';
import type { AppConfig } from './config.js';

/**
 * Error reporting (docs/product.md §Errors): in production, when SENTRY_DSN is set, uncaught
 * exceptions and unhandled rejections of the server process go to that Sentry-compatible
 * endpoint through Sentry's SDK, except the suppressed messages. Nothing else is collected: no
 * tracing, no request bodies, no personal data, and the SDK's OpenTelemetry set-up is skipped.
 * The process still dies on both, as Node's default does, once the report is sent.
 */
export function reportingDsn(config: Pick<AppConfig, 'env'>, dsn: string | null): string | null {
  return config.env === 'production' ? dsn : null;
}

/** Starts error reporting for this process; false when it stays off (outside production, or no DSN). */
export function startServerErrorReporting(config: Pick<AppConfig, 'env' | 'sentryDsn'>, logger: { info(fields: object, message: string): void }): boolean {
  const dsn = reportingDsn(config, config.sentryDsn);
  if (!dsn) return false;
  Sentry.init({
    dsn,
    environment: config.env,
    sendDefaultPii: false,
    skipOpenTelemetrySetup: true,
    defaultIntegrations: false,
    integrations: [
      Sentry.onUncaughtExceptionIntegration(),
      // `strict`: logged, reported, then the process exits, as Node does with no handler.
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
    ],
    beforeSend: (event) => (isSuppressedErrorEvent(event) ? null : event),
  });
  logger.info({ host: new URL(dsn).host }, 'error reporting on');
  return true;
}
