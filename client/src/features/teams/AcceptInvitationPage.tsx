import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '@router';
import { AcceptTeamInvitationDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { ROLE_LABELS, teamRefusal } from './teamErrors';
import './teams.css';

/**
 * /teams/accept/{code}: the mailed invitation link. Signed-out visitors are sent to sign up first
 * (the email form goes straight to SignUp for this path, docs/product.md §Sign-in) and come back
 * here. The invitation is accepted by a click, so a link preview or a colleague opening it joins
 * nobody.
 */
export default function AcceptInvitationPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [accept, { loading, data }] = useMutation(AcceptTeamInvitationDocument, { refetchQueries: ['TeamsOverview', 'Viewer'] });
  const joined = data?.acceptTeamInvitation.membership;

  const onAccept = async () => {
    setProblem(null);
    try {
      const result = await accept({ variables: { input: { code } } });
      const membership = result.data?.acceptTeamInvitation.membership;
      if (membership && membership.role !== 'PRO_ONLY') navigate(`/teams/${membership.team.databaseId}`);
    } catch (failure) {
      setProblem(teamRefusal(failure).message);
    }
  };

  return (
    <PageFrame heading="Accept invitation" purpose="Join the team that invited you.">
      {joined ? (
        <p role="status">
          You joined {joined.team.name} as {ROLE_LABELS[joined.role]}. <Link to="/teams">See your teams</Link>
        </p>
      ) : (
        <div className="teams__accept">
          <p>You were invited to join a team on Byline.</p>
          <button type="button" className="button button--primary" disabled={loading} onClick={() => void onAccept()}>
            {loading ? 'Joining...' : 'Accept invitation'}
          </button>
          {problem && (
            <p className="teams__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </PageFrame>
  );
}
