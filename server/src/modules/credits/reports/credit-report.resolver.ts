import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { readKeysetPage } from '../../../graphql/pagination.js';
import { requireAdminViewer } from '../../admin/index.js';
import { isAdminViewer, requireViewer, User } from '../../users/index.js';
import { Post } from '../../posts/index.js';
import { CreditReport } from '../credit-report.entity.js';
import { Credit } from '../credit.entity.js';
import { closeCreditReport, listCreditReports, reportCredit } from './credit-report.service.js';
import {
  CloseCreditReportInput,
  CloseCreditReportPayload,
  CreditReportConnection,
  CreditReportsArgs,
  ReportCreditInput,
  ReportCreditPayload,
} from './credit-report.types.js';

/**
 * Reporting a wrong credit (anyone signed in who may, see `Credit.viewerCan.report`) and the
 * admin area's list of reports. Admin calls answer everyone else "not found", as the rest of the
 * admin area does. Links resolve through the request's batching loader, so a page of reports
 * loads its credits, posts and people in one query each.
 */
@Resolver(() => CreditReport)
export class CreditReportResolver {
  @Query(() => CreditReportConnection, { description: 'Admins only (anyone else: not found): credit reports with the given status, newest first.' })
  creditReports(@Args(() => CreditReportsArgs) args: CreditReportsArgs, @Ctx() context: RequestContext): Promise<Connection<CreditReport>> {
    requireAdminViewer(context.viewer);
    return listCreditReports(context.em, args.status, readKeysetPage(args));
  }

  @Mutation(() => ReportCreditPayload, { description: 'Reports a credit as wrong, with a reason, for the admins to check. Signed in; one open report per person and credit.' })
  async reportCredit(@Arg('input', () => ReportCreditInput, { description: 'The credit and the reason.' }) input: ReportCreditInput, @Ctx() context: RequestContext): Promise<ReportCreditPayload> {
    const viewer = requireViewer(context);
    const report = await reportCredit(context.em, viewer, parseGlobalId(input.creditId, 'Credit'), input.reason);
    return { report };
  }

  @Mutation(() => CloseCreditReportPayload, { description: 'Admins only (anyone else: not found): closes a credit report, optionally removing the credit. The reporter is notified.' })
  async closeCreditReport(@Arg('input', () => CloseCreditReportInput, { description: 'The report, and whether to remove the credit.' }) input: CloseCreditReportInput, @Ctx() context: RequestContext): Promise<CloseCreditReportPayload> {
    const admin = requireAdminViewer(context.viewer);
    const { report, removedCreditId } = await closeCreditReport(context.em, admin, parseGlobalId(input.reportId, 'CreditReport'), input.removeCredit);
    return { report, removedCreditId: removedCreditId === null ? null : toGlobalId('Credit', removedCreditId) };
  }

  @FieldResolver(() => Credit, { nullable: true, description: 'The reported credit; null once it was removed.' })
  credit(@Root() report: CreditReport): Promise<Credit> | null {
    return report.credit ? report.credit.loadOrFail() : null;
  }

  @FieldResolver(() => Post, { nullable: true, description: 'The post the credit is (or was) on.' })
  post(@Root() report: CreditReport): Promise<Post> | null {
    return report.post ? report.post.loadOrFail() : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who reported it; null once their account is gone.' })
  reporter(@Root() report: CreditReport): Promise<User> | null {
    return report.reporter ? report.reporter.loadOrFail() : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Admins only: the admin who closed it; null while open, and for the reporter.' })
  closedBy(@Root() report: CreditReport, @Ctx() { viewer }: RequestContext): Promise<User> | null {
    // The reporter learns the outcome, not which admin decided it.
    return report.closedBy && isAdminViewer(viewer) ? report.closedBy.loadOrFail() : null;
  }
}
