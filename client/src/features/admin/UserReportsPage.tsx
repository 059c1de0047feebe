import { useQuery } from '@apollo/client/react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { UserReportsDocument, type UserReportsQuery } from '@gql/graphql';
import { DateText } from '@ui/DateText';
import { PageFrame } from '@ui/PageFrame';
import { AdminOnly } from './AdminOnly';
import { AdminNav } from './AdminNav';
import './CreditReports.css';

export const USER_REPORTS_PAGE_SIZE = 25;

type Person = NonNullable<UserReportsQuery['userReports']['nodes'][number]['reporter']>;

function PersonLink({ person, missing }: { person: Person | null; missing: string }) {
  if (!person) return <>{missing}</>;
  const label = person.name ?? (person.username ? `@${person.username}` : 'a member');
  return person.username ? <Link to={`/${person.username}`}>{label}</Link> : <>{label}</>;
}

/** The reports, newest first, with Load more. */
function UserReports() {
  const { data, loading, error, fetchMore } = useQuery(UserReportsDocument, { variables: { first: USER_REPORTS_PAGE_SIZE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
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
  else if (connection) statusText = connection.totalCount === 0 ? 'No one has been reported.' : `${connection.totalCount} ${connection.totalCount === 1 ? 'report' : 'reports'}`;

  return (
    <>
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
            </li>
          ))}
        </ul>
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline credit-reports__more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}

/** People reported from their messages (docs/product.md §Messages), for admins; everyone else gets the not-found page. */
export default function UserReportsPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Reported people" purpose="People members reported, with their reasons, newest first.">
        <AdminNav />
        <UserReports />
      </PageFrame>
    </AdminOnly>
  );
}
