import { describe, expect, it } from 'vitest';
import { CREDIT_REPORT_REASON_MAX, REASON_REQUIRED, REASON_TOO_LONG, checkReportReason } from './credit-reports.js';

describe('checkReportReason', () => {
  it('keeps the reason trimmed', () => {
    expect(checkReportReason('  Not their photo \n')).toEqual({ reason: 'Not their photo' });
  });

  it('requires words', () => {
    expect(checkReportReason('')).toEqual({ problem: REASON_REQUIRED });
    expect(checkReportReason(' \n\t ')).toEqual({ problem: REASON_REQUIRED });
  });

  it(`takes at most ${CREDIT_REPORT_REASON_MAX} characters, an emoji counting as one`, () => {
    expect(checkReportReason('📸'.repeat(CREDIT_REPORT_REASON_MAX))).toEqual({ reason: '📸'.repeat(CREDIT_REPORT_REASON_MAX) });
    expect(checkReportReason('x'.repeat(CREDIT_REPORT_REASON_MAX + 1))).toEqual({ problem: REASON_TOO_LONG });
  });
});
