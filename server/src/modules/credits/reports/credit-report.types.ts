import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { CREDIT_REPORT_STATUS, type CreditReportStatus } from '../../../../../domain/enums.js';
import { connectionType } from '../../../graphql/connection.js';
import { PageArgs } from '../../../graphql/pagination.js';
import { CreditReport } from '../credit-report.entity.js';
import { CreditReportStatusEnum } from './credit-report.enums.js';
import { CREDIT_REPORT_REASON_MAX } from '../../../../../domain/credit-reports.js';

// totalCount: one count over the (status, id) index, for the admin area's "N open" heading.
export const CreditReportConnection = connectionType('CreditReport', CreditReport, { totalCount: true });

@ArgsType()
export class CreditReportsArgs extends PageArgs {
  @Field(() => CreditReportStatusEnum, { defaultValue: CREDIT_REPORT_STATUS.open, description: 'Which reports: open ones (the default) or closed ones.' })
  status!: CreditReportStatus;
}

@InputType('ReportCreditInput', { description: 'The accepted credit that is wrong, and why.' })
export class ReportCreditInput {
  @Field(() => ID, { description: 'The global id of the credit that is wrong.' }) creditId!: string;

  @Field(() => String, { description: `What is wrong with it, for the admins who check: required, at most ${CREDIT_REPORT_REASON_MAX} characters.` })
  reason!: string;
}

@ObjectType('ReportCreditPayload', { description: 'What reportCredit answers: the open report.' })
export class ReportCreditPayload {
  @Field(() => CreditReport, { description: 'The new report, open until an admin closes it; the reporter is told the outcome.' }) report!: CreditReport;
}

@InputType('CloseCreditReportInput', { description: 'The report to close, and whether the credit goes too.' })
export class CloseCreditReportInput {
  @Field(() => ID, { description: 'The global id of the report.' }) reportId!: string;

  @Field(() => Boolean, { defaultValue: false, description: 'Also remove the credit (closing every open report of it); false leaves the credit as it is.' })
  removeCredit!: boolean;
}

@ObjectType('CloseCreditReportPayload', { description: 'What closeCreditReport answers: the closed report and, when removed, the credit’s id.' })
export class CloseCreditReportPayload {
  @Field(() => CreditReport, { description: 'The report, now CLOSED.' }) report!: CreditReport;

  @Field(() => ID, { nullable: true, description: 'The global id of the credit that was removed, when it was.' }) removedCreditId!: string | null;
}
