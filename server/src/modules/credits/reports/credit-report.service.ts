import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CREDIT_REPORT_STATUS, type CreditReportStatus } from '../../../../../domain/enums.js';
import { isUniqueViolation } from '../../../db/database-errors.js';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../../errors/app-errors.js';
import type { Connection } from '../../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../../graphql/pagination.js';
import { recordAudit } from '../../audit/index.js';
import type { Viewer } from '../../users/index.js';
import { notifyUser } from '../../notifications/index.js';
import { visiblePostsFilter } from '../../posts/index.js';
import { User } from '../../users/index.js';
import { CreditReport } from '../credit-report.entity.js';
import { Credit } from '../credit.entity.js';
import { creditRemoved, loadCreditStory, type CreditActor } from '../credit-events.js';
import { creditFacts, creditPermissions, creditStandingOn, mayViewCredit } from '../credit.policy.js';
import { visibleCreditReportsFilter } from './credit-report.policy.js';
import { ALREADY_CLOSED, CANNOT_REPORT, checkReportReason } from '../../../../../domain/credit-reports.js';

/** Stored kind of the reporter's notification (NotificationKind CREDIT_REPORT_CLOSED). */
export const REPORT_CLOSED_KIND = 'credit_report_closed';
const CREDIT_NOT_FOUND = 'Credit not found';
const REPORT_NOT_FOUND = 'Credit report not found';

function actorOf(viewer: Viewer): CreditActor {
  return { actorId: viewer.user.id, masqueradingAdminId: viewer.masqueradingAdminId };
}

/**
 * Reports a credit as wrong. The credit must be one the viewer can see and may report (the
 * credit policy's `report`: an accepted credit of someone else, given by someone else). One open
 * report per person and credit: a second answers "That resource already exists".
 */
export async function reportCredit(em: EntityManager, viewer: Viewer, creditId: number, reason: string): Promise<CreditReport> {
  const checked = checkReportReason(reason);
  if ('problem' in checked) throw new InvalidInput(checked.problem, { field: 'reason' });
  try {
    return await em.transactional(async (tx) => {
      const credit = await tx.findOne(Credit, { id: creditId, post: visiblePostsFilter(viewer) });
      if (!credit) throw new NotFound(CREDIT_NOT_FOUND);
      const standing = await creditStandingOn(tx, viewer, { id: credit.post.id });
      const facts = creditFacts(credit);
      if (!mayViewCredit(viewer, facts, standing)) throw new NotFound(CREDIT_NOT_FOUND);
      if (!creditPermissions(viewer, facts, standing).report) throw new Forbidden(CANNOT_REPORT);
      const report = tx.create(CreditReport, {
        credit,
        post: credit.post,
        reporter: tx.getReference(User, viewer.user.id),
        reason: checked.reason,
      });
      await tx.flush();
      recordAudit(tx, actorOf(viewer), { action: 'create', target: 'credit_reports', targetId: report.id, fields: { creditId: credit.id, postId: credit.post.id, status: 'open' } });
      await tx.flush();
      return report;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'credit_reports_open_reporter_unique')) throw new Conflict();
    throw error;
  }
}

/**
 * Closes a report (admins; the resolver checks). With `removeCredit` the credit goes too, and
 * every other open report of it is closed with it (there is nothing left to decide); the credited
 * person and whoever added it are told as for any removal. Each reporter is told the outcome,
 * live. All of it, audit rows included, commits together or not at all.
 */
export async function closeCreditReport(em: EntityManager, admin: Viewer, reportId: number, removeCredit: boolean): Promise<{ report: CreditReport; removedCreditId: number | null }> {
  return em.transactional(async (tx) => {
    const report = await tx.findOne(CreditReport, reportId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new NotFound(REPORT_NOT_FOUND);
    if (report.status === CREDIT_REPORT_STATUS.closed) throw new Conflict(ALREADY_CLOSED);
    const credit = report.credit ? await report.credit.loadOrFail() : null;
    if (credit) {
      await loadCreditStory(tx, [credit]);
      await tx.populate(credit, ['inviteeAccount']);
    }
    if (report.post) await tx.populate(report, ['post.account']);
    const story = reportStory(credit, report);

    const closing = removeCredit && credit ? await tx.find(CreditReport, { credit: credit.id, status: CREDIT_REPORT_STATUS.open }) : [report];
    const removing = removeCredit && credit !== null;
    const removedCreditId = removing ? credit.id : null;
    if (removing) await creditRemoved(tx, actorOf(admin), credit, 'removed by an admin closing a report');
    const closedAt = new Date();
    for (const closed of closing) {
      closed.status = CREDIT_REPORT_STATUS.closed;
      closed.closedAt = closedAt;
      closed.closedBy = tx.getReference(User, admin.user.id, { wrapped: true });
      if (removing) {
        closed.creditRemoved = true;
        closed.credit = null;
      }
      recordAudit(tx, actorOf(admin), {
        action: 'update',
        target: 'credit_reports',
        targetId: closed.id,
        fields: { creditId: credit?.id ?? null, status: 'closed', creditRemoved: removing },
      });
    }
    if (removing) tx.remove(credit);
    await tx.flush();

    const reporters = new Set(closing.flatMap((closed) => (closed.reporter && closed.reporter.id !== admin.user.id ? [closed.reporter.id] : [])));
    for (const reporterId of reporters) {
      await notifyUser(tx, reporterId, {
        kind: REPORT_CLOSED_KIND,
        message: `Your report of ${story} was closed: ${removing ? 'the credit was removed' : 'the credit stays'}.`,
        link: report.post ? `/posts/${report.post.id}` : null,
      });
    }
    return { report, removedCreditId };
  });
}

/** "@ana’s credit as 📷 Photographer on @studio’s post", from what is still there. */
function reportStory(credit: Credit | null, report: CreditReport): string {
  const account = report.post?.getEntity().account.getEntity();
  const where = account ? ` on @${account.handle}’s post` : '';
  if (!credit) return `a credit${where}`;
  const user = credit.user?.getEntity();
  const person = user ? (user.username ? `@${user.username}` : (user.name ?? 'someone')) : credit.inviteeAccount ? `@${credit.inviteeAccount.getEntity().handle}` : 'someone';
  const role = credit.role.getEntity();
  return `${person}’s credit as ${role.emoji} ${role.name}${where}`;
}

/** Reports with the given status, newest first; totalCount is one count over the status index. */
export function listCreditReports(em: EntityManager, status: CreditReportStatus, page: KeysetPage): Promise<Connection<CreditReport>> {
  return findConnection(
    page,
    'desc',
    ({ idCondition, orderBy, limit }) => em.find(CreditReport, { status, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit }),
    () => em.count(CreditReport, { status }),
  );
}

/** For node(id:): admins see every report, the reporter their own, nobody else any. */
export async function findVisibleCreditReports(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<CreditReport[]> {
  const filter = visibleCreditReportsFilter(viewer);
  return filter ? em.find(CreditReport, { $and: [{ id: { $in: ids } }, filter] }) : [];
}
