import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useLocation, useParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { ClaimProjectInvitationDocument, ProjectInvitationClaimDocument, ViewerDocument, type ClaimProjectInvitationMutation } from '@gql/graphql';
import { signInHref } from '@shell/returnTo';
import { serverRefusal } from '@shell/serverError';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { PERMISSION_HINTS, PERMISSION_LABELS } from './projectLabels';
import './projects.css';

type Answered = ClaimProjectInvitationMutation['claimProjectInvitation'];

/**
 * `/projects/invitations/:token`: the link mailed to someone invited into a project before they
 * were on Byline (docs/product.md §Projects). Public, so the invitation is read before signing up;
 * answering needs an account, any address will do: accepting makes the invitation theirs.
 */
export default function ProjectInvitationClaimPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const viewer = useQuery(ViewerDocument);
  const preview = useQuery(ProjectInvitationClaimDocument, { variables: { token } });
  const [claimInvitation, claiming] = useMutation(ClaimProjectInvitationDocument);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const answer = async (accept: boolean) => {
    setProblem(null);
    try {
      const { data } = await claimInvitation({ variables: { input: { token, accept } } });
      setAnswered(data?.claimProjectInvitation ?? null);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };

  const invitation = preview.data?.projectInvitationClaim;
  const here = location.pathname + location.search;
  const signedIn = Boolean(viewer.data?.viewer);
  // An invitation always has a sender; none left means they deleted their account (the invitation is kept).
  const who = invitation?.invitedBy ? (invitation.invitedBy.name ?? (invitation.invitedBy.username ? `@${invitation.invitedBy.username}` : 'Someone')) : 'A former member';

  return (
    <PageFrame heading="Project invitation" purpose="Someone invited you into a project on Byline.">
      {preview.loading && <Skeleton shape="card" lines={1} label="Loading…" />}
      {preview.error && <p role="alert">{MESSAGES.unexpected}</p>}
      {preview.data && !invitation && !answered && <p role="alert">{MESSAGES.linkInvalid}</p>}
      {invitation && (
        <div className="project-claim" data-testid="project-claim">
          <p>
            {who} invited {invitation.inviteeDisplayName} into the project <strong>{invitation.projectName}</strong> as{' '}
            <strong>
              <span aria-hidden="true">{invitation.role.emoji}</span> {invitation.role.name}
            </strong>
            , with {PERMISSION_LABELS[invitation.permission]} permission. {PERMISSION_HINTS[invitation.permission]}
          </p>

          {!answered && !signedIn && !viewer.loading && (
            <div className="project-claim__sign-in">
              <p>Sign up or sign in to answer. You can use any email address: the invitation becomes yours when you accept it.</p>
              <Link className="button button--primary" to={`/signup?${new URLSearchParams({ returnTo: here }).toString()}`}>
                Sign up
              </Link>{' '}
              <Link className="button" to={signInHref(here)}>
                Sign in
              </Link>
            </div>
          )}

          {!answered && signedIn && (
            <div className="project-claim__answer">
              <button type="button" className="button button--primary" disabled={claiming.loading} onClick={() => void answer(true)}>
                Accept
              </button>{' '}
              <button type="button" className="button" disabled={claiming.loading} onClick={() => void answer(false)}>
                Decline
              </button>
            </div>
          )}
          {problem && <p role="alert">{problem}</p>}
        </div>
      )}
      {answered && (
        <p role="status">
          {answered.collaborator.status === 'ACCEPTED' ? `You joined ${invitation?.projectName ?? answered.project?.name ?? 'the project'}. ` : 'Invitation declined. '}
          {answered.project ? <Link to={answered.project.path}>Open the project</Link> : <Link to="/projects">See your projects</Link>}
        </p>
      )}
    </PageFrame>
  );
}
