import { useQuery } from '@apollo/client/react';
import { useParams } from '@router';
import { TeamBillingMembershipsDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { TeamBillingPanel } from './billing/TeamBillingPanel';

/**
 * /teams/{teamId}/billing: the team's plan, seats, status, renewal or expiry, invoices, seat
 * changes and the billing portal. The link carries the team's number; the team is found among
 * the viewer's memberships (billing is for its managers).
 */
export default function TeamBillingPage() {
  const { teamId } = useParams();
  const { data, loading, error } = useQuery(TeamBillingMembershipsDocument, { fetchPolicy: 'cache-and-network' });
  const membership = data?.viewerTeams.nodes.find((candidate) => String(candidate.team.databaseId) === teamId);

  return (
    <PageFrame heading={membership ? `${membership.team.name}: billing` : 'Team billing'} purpose="The Teams subscription, plan and seats of this team.">
      {loading && !data ? (
        <Skeleton shape="card" lines={2} label="Loading…" />
      ) : error && !data ? (
        <p className="plans__problem" role="alert">
          The team could not be loaded. Reload the page to try again.
        </p>
      ) : !membership ? (
        <p className="plans__problem" role="alert">
          That team was not found among your teams.
        </p>
      ) : (
        <TeamBillingPanel teamId={membership.team.id} teamNumber={membership.team.databaseId} />
      )}
    </PageFrame>
  );
}
