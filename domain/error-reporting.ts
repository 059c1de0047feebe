/**
 * docs/product.md §Errors: errors that are noise (timeouts, third-party scripts, production React's
 * minified messages) are not sent to the error-reporting service.
 */
export const SUPPRESSED_ERROR_PATTERNS = [
  'TimeoutError',
  'Unspecified reason',
  'Timeout',
  'Object Not Found Matching Id',
  'Minified React',
] as const;

/** Case-insensitive "contains", as the spec says the messages are matched. */
export function isSuppressedErrorMessage(message: string): boolean {
  const lowered = message.toLowerCase();
  return SUPPRESSED_ERROR_PATTERNS.some((pattern) => lowered.includes(pattern.toLowerCase()));
}

/** The parts of an error-reporting event (Sentry's shape) that say what went wrong. */
export interface ReportedErrorEvent {
  message?: string;
  exception?: { values?: ReadonlyArray<{ type?: string; value?: string }> };
}

/**
 * Whether an event is one of the suppressed messages (docs/product.md §Errors): its message, or
 * any of its exceptions read as "Type: message", as they would show in the console.
 */
export function isSuppressedErrorEvent(event: ReportedErrorEvent): boolean {
  const texts = [event.message ?? '', ...(event.exception?.values ?? []).map((value) => `${value.type ?? ''}: ${value.value ?? ''}`)];
  return texts.some((text) => text !== '' && isSuppressedErrorMessage(text));
}
