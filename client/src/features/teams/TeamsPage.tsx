import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from '@router';
import * as MESSAGES from '@domain/messages';
import { AcceptTeamInvitationDocument, TeamsOverviewDocument, ViewerDocument } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { useToast } from '@ui/toastContext';
import { CreateTeamModal } from './CreateTeamModal';
import { ROLE_LABELS, STATUS_LABELS, planStatus, teamRefusal } from './teamErrors';
import './teams.css';

/** /teams: the viewer's teams and the invitations waiting for them; Create team opens the modal of docs/product.md §Teams. */
export default function TeamsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const viewer = useQuery(ViewerDocument).data?.viewer;
  const { data, loading, error } = useQuery(TeamsOverviewDocument, { fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [askToFinish, setAskToFinish] = useState(false);
  const [acceptInvitation, accepting] = useMutation(AcceptTeamInvitationDocument, { refetchQueries: ['TeamsOverview', 'Viewer'] });

  // docs/product.md §Access: creating a team needs acknowledged terms; otherwise the finish-sign-up prompt.
  const startCreating = () => (viewer?.termsAcknowledged ? setCreating(true) : setAskToFinish(true));

  const accept = async (code: string) => {
    try {
      const result = await acceptInvitation({ variables: { input: { code } } });
      if (result.data) navigate(`/teams/${result.data.acceptTeamInvitation.membership.team.databaseId}`);
    } catch (failure) {
      toast.error(teamRefusal(failure).message);
    }
  };

  // The current team (docs/product.md §Teams) opens the list; the rest keep their order.
  const currentTeamId = data?.viewer?.currentTeamId ?? null;
  const memberships = [...(data?.viewerTeams.nodes ?? [])].sort((a, b) => Number(b.team.id === currentTeamId) - Number(a.team.id === currentTeamId));
  const invitations = data?.viewerTeamInvitations.nodes ?? [];
  return (
    <PageFrame heading="Teams" purpose="Teams share seats, members, managed accounts, saved reports and creator stages.">
      <div className="teams__toolbar">
        <button type="button" className="button button--primary" onClick={startCreating}>
          Create team
        </button>
      </div>
      {!data && loading && <Skeleton shape="card" lines={2} label="Loading your teams…" />}
      {!data && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {invitations.length > 0 && (
        <section className="teams__section" aria-labelledby="teams-invitations">
          <h2 id="teams-invitations" className="teams__subheading">
            Invitations
          </h2>
          <ul className="teams__list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="teams__row">
                <span>
                  {invitation.name} <span className="teams__muted">as {ROLE_LABELS[invitation.role]}</span>
                </span>
                {invitation.code && (
                  <button type="button" className="button button--primary button--small" disabled={accepting.loading} onClick={() => void accept(invitation.code!)}>
                    Accept
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && (
        <section className="teams__section" aria-labelledby="teams-yours">
          <h2 id="teams-yours" className="teams__subheading">
            Your teams
          </h2>
          {memberships.length === 0 ? (
            <EmptyState title="You are not on a team yet. Create one, or accept an invitation." />
          ) : (
            <ul className="teams__list">
              {memberships.map((membership) => (
                <li key={membership.id} className="teams__row">
                  {membership.role === 'PRO_ONLY' ? (
                    <span>{membership.team.name}</span>
                  ) : (
                    <Link to={`/teams/${membership.team.databaseId}`} className="teams__name">
                      {membership.team.name}
                    </Link>
                  )}
                  <span className="teams__muted">
                    {membership.team.id === currentTeamId && 'Current team · '}
                    {ROLE_LABELS[membership.role]} · {STATUS_LABELS[membership.status]} · {planStatus(membership.team.isSubscriptionActive, data?.plansOpen ?? false)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {creating && (
        <CreateTeamModal
          invitations={invitations}
          isAdmin={viewer?.isAdmin ?? false}
          onClose={() => setCreating(false)}
          onNeedsSignUp={() => {
            setCreating(false);
            setAskToFinish(true);
          }}
          onDone={(teamNumber) => {
            setCreating(false);
            navigate(`/teams/${teamNumber}`);
          }}
        />
      )}
      <ConfirmDialog
        open={askToFinish}
        title={MESSAGES.finishSignUp}
        yesLabel="Go to settings"
        noLabel="Cancel"
        onYes={() => {
          setAskToFinish(false);
          navigate('/settings');
        }}
        onNo={() => setAskToFinish(false)}
      />
    </PageFrame>
  );
}
