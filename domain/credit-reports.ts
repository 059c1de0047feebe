/**
 * What a credit report's reason must be (docs/product.md §Credits): the server refuses with these
 * words and the report dialog shows the same ones before sending.
 */
export const CREDIT_REPORT_REASON_MAX = 1000;
export const REASON_REQUIRED = 'Please say what is wrong with this credit.';
export const REASON_TOO_LONG = `The reason can be at most ${CREDIT_REPORT_REASON_MAX} characters.`;
export const CANNOT_REPORT = 'You can’t report this credit. If it is yours, decline or remove it instead.';
export const ALREADY_CLOSED = 'This report is already closed.';

/** The reason as stored (trimmed), or the message saying what is wrong with it. Characters as people count them. */
export function checkReportReason(reason: string): { reason: string } | { problem: string } {
  const trimmed = reason.trim();
  if (trimmed === '') return { problem: REASON_REQUIRED };
  if (Array.from(trimmed).length > CREDIT_REPORT_REASON_MAX) return { problem: REASON_TOO_LONG };
  return { reason: trimmed };
}
