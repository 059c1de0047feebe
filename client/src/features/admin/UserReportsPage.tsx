import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from '@router';
import { USER_REPORT_OUTCOMES, USER_REPORT_OUTCOME_LABELS, type UserReportOutcome as StoredOutcome } from '@domain/conversations';
import * as MESSAGES from '@domain/messages';
import { ResolveUserReportDocument, UserReportsDocument, type UserReportOutcome, type UserReportsQuery } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DateText } from '@ui/DateText';
import { PageFrame } from '@ui/PageFrame';
import { AdminOnly } from './AdminOnly';
import { AdminNav } from './AdminNav';
import './CreditReports.css';

export const USER_REPORTS_PAGE_SIZE = 25;

type Report = UserReportsQuery['userReports']['nodes'][number];
type Person = NonNullable<Report['reporter']>;

/** The API's spelling of each outcome (SCREAMING_SNAKE_CASE) beside the product's words. */
const OUTCOME_VALUES: Readonly<Record<StoredOutcome, UserReportOutcome>> = { no_action: 'NO_ACTION', warned: 'WARNED', suspended: 'SUSPENDED' };

function outcomeLabel(outcome: UserReportOutcome): string {
  const stored = USER_REPORT_OUTCOMES.find((value) => OUTCOME_VALUES[value] === outcome);
  return stored ? USER_REPORT_OUTCOME_LABELS[stored] : 'Resolved';
}

function PersonLink({ person, missing }: { person: Person | null; missing: string }) {
  if (!person) return <>{missing}</>;
  const label = person.name ?? (person.username ? `@${person.username}` : 'a member');
  return person.username ? <Link to={`/${person.username}`}>{label}</Link> : <>{label}</>;
}

/** Asks what was done about a report, then resolves it (docs/product.md §Messages, "Reporting"). */
function ResolveDialog({ report, onDone }: { report: Report; onDone: () => void }) {
  const [outcome, setOutcome] = useState<StoredOutcome>('no_action');
  const [error, setError] = useState<string | null>(null);
  const [resolve] = useMutation(ResolveUserReportDocument);
  const name = report.reported.name ?? (report.reported.username ? `@${report.reported.username}` : 'this person');
  const submit = async () => {
    try {
      await resolve({ variables: { input: { userReportId: report.id, outcome: OUTCOME_VALUES[outcome] } } });
      onDone();
    } catch (failure) {
      const refusal = serverRefusal(failure);
      setError(refusal && refusal.code !== 'INTERNAL_SERVER_ERROR' ? refusal.message : MESSAGES.unexpected);
    }
  };
  return (
    <ConfirmDialog open title={`Resolve the report of ${name}`} yesLabel="Resolve" noLabel="Cancel" onYes={() => void submit()} onNo={onDone}>
      <fieldset className="user-report__outcomes">
        <legend>What was done?</legend>
        {USER_REPORT_OUTCOMES.map((value) => (
          <label key={value}>
            <input type="radio" name="user-report-outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} /> {USER_REPORT_OUTCOME_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {error && <p role="alert">{error}</p>}
    </ConfirmDialog>
  );
}

/** The reports, newest first, with Load more: open ones, or resolved ones too. */
function UserReports() {
  const [includeResolved, setIncludeResolved] = useState(false);
  const [resolving, setResolving] = useState<Report | null>(null);
  const { data, loading, error, fetchMore, refetch } = useQuery(UserReportsDocument, {
    variables: { first: USER_REPORTS_PAGE_SIZE, includeResolved },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = data?.userReports;
  const loadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        userReports: { ...fetchMoreResult.userReports, nodes: [...(previous.userReports?.nodes ?? []), ...fetchMoreResult.userReports.nodes] },
      }),
    });

  let statusText = '';
  if (loading && !connection) statusText = 'Loading reports…';
  else if (connection) {
    const noun = includeResolved ? (connection.totalCount === 1 ? 'report' : 'reports') : connection.totalCount === 1 ? 'open report' : 'open reports';
    statusText = connection.totalCount === 0 ? (includeResolved ? 'No one has been reported.' : 'No open reports.') : `${connection.totalCount} ${noun}`;
  }

  return (
    <>
      <label className="user-reports__filter">
        <input type="checkbox" checked={includeResolved} onChange={(event) => setIncludeResolved(event.target.checked)} /> Show resolved reports
      </label>
      <p role="status" className="credit-reports__status">
        {statusText}
      </p>
      {!connection && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {connection && connection.nodes.length > 0 && (
        <ul className="credit-reports" aria-busy={loading}>
          {connection.nodes.map((report) => (
            <li key={report.id} className="credit-report" data-testid="user-report">
              <h2 className="credit-report__title">
                <PersonLink person={report.reported} missing="A former member" />
              </h2>
              <p className="credit-report__meta">
                Reported by <PersonLink person={report.reporter} missing="a former member" /> <DateText iso={String(report.createdAt)} />
              </p>
              <blockquote className="credit-report__reason">{report.reason}</blockquote>
              {report.outcome ? (
                <p className="credit-report__meta">
                  Resolved: {outcomeLabel(report.outcome)}, by <PersonLink person={report.resolvedBy ?? null} missing="a former admin" />{' '}
                  {report.resolvedAt && <DateText iso={String(report.resolvedAt)} />}
                </p>
              ) : (
                <button type="button" className="button button--outline button--small" onClick={() => setResolving(report)}>
                  Resolve
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline credit-reports__more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      {resolving && (
        <ResolveDialog
          report={resolving}
          onDone={() => {
            setResolving(null);
            void refetch();
          }}
        />
      )}
    </>
  );
}

/** People reported from their messages (docs/product.md §Messages), for admins; everyone else gets the not-found page. */
export default function UserReportsPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Reported people" purpose="People members reported, with their reasons, newest first. Resolve each with what was done.">
        <AdminNav />
        <UserReports />
      </PageFrame>
    </AdminOnly>
  );
}
