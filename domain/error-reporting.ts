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
