import { CREDIT_REPORT_STATUS, type CreditReportStatus } from '../../../../../domain/enums.js';
import { closedSetEnum } from '../../../graphql/enums.js';

export const CreditReportStatusEnum = closedSetEnum<CreditReportStatus>(
  'CreditReportStatus',
  { OPEN: CREDIT_REPORT_STATUS.open, CLOSED: CREDIT_REPORT_STATUS.closed },
  'Whether an admin has dealt with a credit report yet.',
  { OPEN: 'Waiting for an admin.', CLOSED: 'An admin closed it, removing the credit or leaving it.' },
);
