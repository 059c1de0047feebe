import type { RequestContext } from '../../users/index.js';
import type { NodeType } from '../../../graphql/node.js';
import { CreditReport } from '../credit-report.entity.js';
import { findVisibleCreditReports } from './credit-report.service.js';

/** Admins fetch any report, the reporter their own (credit-report.policy.ts). */
export const creditReportNode: NodeType<CreditReport, RequestContext> = {
  typeName: 'CreditReport',
  classType: CreditReport,
  loadVisible: ({ em, viewer }, ids) => findVisibleCreditReports(em, viewer, ids),
};
