import { useState } from 'react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import type { NotificationsQuery } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { loadAnswerProjectInvitation, loadTakeProjectCreditOffer } from './loadMutationDocument';

type Notification = NotificationsQuery['notifications']['nodes'][number];
type Invitation = NonNullable<Notification['projectCollaborator']>;
type Deliverable = NonNullable<Notification['projectDeliverable']>;

function failureMessage(failure: unknown): string {
  return serverRefusal(failure)?.message ?? MESSAGES.unexpected;
}

/**
 * A project invitation answered where it is read (docs/product.md §Projects): Accept and Decline
 * while it waits, then what was chosen, and the project's link once the viewer is in. The answer
 * lands in the cached invitation (the mutation returns its status), so the item follows at once.
 */
export function ProjectInvitationAnswer({ invitation }: { invitation: Invitation }) {
  const [respond, { loading }] = useMutationLoadedOnUse(loadAnswerProjectInvitation);
  const [statusWhenShown] = useState(invitation.status);
  const [failure, setFailure] = useState<string | null>(null);
  const project = invitation.project;

  const answer = async (accept: boolean) => {
    setFailure(null);
    try {
      await respond({ variables: { input: { collaboratorId: invitation.id, accept } } });
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  if (invitation.status === 'ACCEPTED') {
    return (
      <span className="notification__answer" role={statusWhenShown === 'PENDING' ? 'status' : undefined}>
        {statusWhenShown === 'PENDING' && 'Invitation accepted. '}
        {project && <Link to={project.path}>Open {project.name}</Link>}
      </span>
    );
  }
  if (invitation.status === 'DECLINED') {
    return statusWhenShown === 'PENDING' ? (
      <span className="notification__answer" role="status">
        Invitation declined
      </span>
    ) : null;
  }
  // The project's name in each button tells several invitations apart for screen readers.
  const which = project ? ` the invitation to ${project.name}` : ' the invitation';
  return (
    <span className="notification__answer">
      {project && (
        <span>
          <span className="notification__project">{project.name}</span> as {invitation.creditRole.name}
        </span>
      )}
      <button type="button" className="button button--primary button--small" disabled={loading} aria-label={`Accept${which}`} onClick={() => void answer(true)}>
        Accept
      </button>
      <button type="button" className="button button--outline button--small" disabled={loading} aria-label={`Decline${which}`} onClick={() => void answer(false)}>
        Decline
      </button>
      {failure && <span role="alert">{failure}</span>}
    </span>
  );
}

/**
 * A published deliverable's offer to credit the viewer on its post in their project role, taken in
 * one click (docs/product.md §Projects); then the credit it made. Taking it twice gives the same
 * credit, so the button may stay on a notification read again later.
 */
export function ProjectCreditOffer({ deliverable }: { deliverable: Deliverable }) {
  const [take, { loading }] = useMutationLoadedOnUse(loadTakeProjectCreditOffer);
  const [credited, setCredited] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const role = deliverable.viewerCreditRole;
  // Only the project's people are offered a credit; anyone else has nothing to take.
  if (!role) return null;

  if (credited) {
    return (
      <span className="notification__answer" role="status">
        Credited as {credited}
      </span>
    );
  }
  const takeIt = async () => {
    setFailure(null);
    try {
      const result = await take({ variables: { input: { deliverableId: deliverable.id } } });
      setCredited(result.data?.acceptProjectCreditOffer.credit.role.name ?? role.name);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };
  return (
    <span className="notification__answer">
      <button type="button" className="button button--primary button--small" disabled={loading} onClick={() => void takeIt()}>
        Credit me as {role.name}
      </button>
      {failure && <span role="alert">{failure}</span>}
    </span>
  );
}
