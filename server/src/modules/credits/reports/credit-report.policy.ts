import type { FilterQuery } from '@mikro-orm/core';
import { isAdminViewer } from '../../users/index.js';
import type { Viewer } from '../../users/index.js';
import type { CreditReport } from '../credit-report.entity.js';

/**
 * Reports are for admins to read and close (the admin area); the reporter also sees their own
 * (the answer to reporting). Nobody else learns that a credit was reported: the credited person
 * hears only of the outcome, when the credit is removed.
 */
export function visibleCreditReportsFilter(viewer: Viewer | null): FilterQuery<CreditReport> | null {
  if (!viewer) return null;
  if (isAdminViewer(viewer)) return {};
  return { reporter: viewer.user.id };
}
