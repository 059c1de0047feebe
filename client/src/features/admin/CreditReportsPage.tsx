import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { CloseCreditReportDocument, CreditReportsDocument, type CreditReportItemFragment, type CreditReportStatus } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DateText } from '@ui/DateText';
import { PageFrame } from '@ui/PageFrame';
import { useToast } from '@ui/toastContext';
import { AdminOnly } from './AdminOnly';
import { AdminNav } from './AdminNav';
import './CreditReports.css';

export const CREDIT_REPORTS_PAGE_SIZE = 25;

function personOf(report: CreditReportItemFragment): string {
  const credit = report.credit;
  if (!credit) return 'a removed credit';
  if (credit.user) return credit.user.name ?? (credit.user.username ? `@${credit.user.username}` : 'a member');
  return credit.invitee?.displayName ?? 'someone not on Byline yet';
}

function reporterOf(report: CreditReportItemFragment): string {
  const reporter = report.reporter;
  if (!reporter) return 'a former member';
  return reporter.username ? `@${reporter.username}` : (reporter.name ?? 'a member');
}

interface ReportCardProps {
  report: CreditReportItemFragment;
  busy: boolean;
  onClose: (report: CreditReportItemFragment, removeCredit: boolean) => void;
}

function ReportCard({ report, busy, onClose }: ReportCardProps) {
  const credit = report.credit;
  const title = credit ? `${credit.role.emoji} ${credit.role.name} · ${personOf(report)}` : 'Credit removed';
  return (
    <li className="credit-report" data-testid="credit-report">
      <h2 className="credit-report__title">{title}</h2>
      <p className="credit-report__meta">
        {report.post ? <Link to={`/posts/${report.post.databaseId}`}>@{report.post.account.handle}’s post</Link> : 'A deleted post'} · reported by {reporterOf(report)}{' '}
        <DateText iso={report.createdAt} />
      </p>
      <blockquote className="credit-report__reason">{report.reason ?? 'No reason given.'}</blockquote>
      {report.status === 'OPEN' ? (
        <div className="credit-report__actions">
          {credit && (
            <button type="button" className="button button--primary" disabled={busy} onClick={() => onClose(report, true)}>
              Remove credit
            </button>
          )}
          <button type="button" className="button button--outline" disabled={busy} onClick={() => onClose(report, false)}>
            {credit ? 'Close, keep credit' : 'Close'}
          </button>
        </div>
      ) : (
        <p className="credit-report__outcome">
          Closed {report.closedAt && <DateText iso={report.closedAt} />} · {report.creditRemoved ? 'Credit removed' : 'Credit kept'}
        </p>
      )}
    </li>
  );
}

/** The list with its Open / Closed switch, Load more, and closing with or without the credit. */
function CreditReports() {
  const toast = useToast();
  const [status, setStatus] = useState<CreditReportStatus>('OPEN');
  const [removing, setRemoving] = useState<CreditReportItemFragment | null>(null);
  const { data, loading, error, fetchMore } = useQuery(CreditReportsDocument, {
    variables: { status, first: CREDIT_REPORTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [closeReport, { loading: closing }] = useMutation(CloseCreditReportDocument, {
    refetchQueries: [CreditReportsDocument],
    update(cache, { data: answer }) {
      const removedId = answer?.closeCreditReport.removedCreditId;
      if (!removedId) return;
      // The credit is gone from every list that held it (the post page's panel too).
      cache.evict({ id: cache.identify({ __typename: 'Credit', id: removedId }) });
      cache.gc();
    },
  });
  const connection = data?.creditReports;

  const close = async (report: CreditReportItemFragment, removeCredit: boolean) => {
    try {
      await closeReport({ variables: { input: { reportId: report.id, removeCredit } } });
      toast.success(removeCredit ? 'Credit removed and report closed. The reporter has been notified.' : 'Report closed, credit kept. The reporter has been notified.');
    } catch (refusal) {
      toast.error(serverRefusal(refusal)?.message ?? MESSAGES.unexpected);
    }
  };

  const loadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        creditReports: { ...fetchMoreResult.creditReports, nodes: [...(previous.creditReports?.nodes ?? []), ...fetchMoreResult.creditReports.nodes] },
      }),
    });

  let statusText = '';
  if (loading && !connection) statusText = 'Loading reports…';
  else if (connection) statusText = connection.totalCount === 0 ? (status === 'OPEN' ? 'No open reports.' : 'No closed reports.') : `${connection.totalCount} ${status === 'OPEN' ? 'open' : 'closed'} ${connection.totalCount === 1 ? 'report' : 'reports'}`;

  return (
    <>
      <div className="credit-reports__switch" role="group" aria-label="Which reports">
        {(['OPEN', 'CLOSED'] as const).map((value) => (
          <button key={value} type="button" className="button button--outline credit-reports__choice" aria-pressed={status === value} onClick={() => setStatus(value)}>
            {value === 'OPEN' ? 'Open' : 'Closed'}
          </button>
        ))}
      </div>
      <p role="status" className="credit-reports__status">
        {statusText}
      </p>
      {!connection && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {connection && connection.nodes.length > 0 && (
        <ul className="credit-reports" aria-busy={loading}>
          {connection.nodes.map((report) => (
            <ReportCard key={report.id} report={report} busy={closing} onClose={(chosen, removeCredit) => (removeCredit ? setRemoving(chosen) : void close(chosen, false))} />
          ))}
        </ul>
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline credit-reports__more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this credit?"
        yesLabel="Remove credit"
        noLabel="Cancel"
        onYes={() => {
          const report = removing;
          setRemoving(null);
          if (report) void close(report, true);
        }}
        onNo={() => setRemoving(null)}
      >
        {removing && `${personOf(removing)} will no longer be credited as ${removing.credit?.role.name ?? 'this'} on the post. Every open report of this credit closes and each reporter is notified.`}
      </ConfirmDialog>
    </>
  );
}

/** Credit reports (docs/product.md §Credits): wrong credits reported by members, for admins to close; everyone else gets the not-found page. */
export default function CreditReportsPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Credit reports" purpose="Credits members reported as wrong: read the reason, then remove the credit or keep it. The reporter is notified either way.">
        <AdminNav />
        <CreditReports />
      </PageFrame>
    </AdminOnly>
  );
}
