import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { AcceptTeamInvitationDocument, CreateTeamDocument, type WaitingInvitationFragment } from '@gql/graphql';
import { Modal } from '@ui/Modal';
import { needsToFinishSignUp, ROLE_LABELS, teamRefusal } from './teamErrors';

interface CreateTeamModalProps {
  invitations: readonly WaitingInvitationFragment[];
  isAdmin: boolean;
  onClose: () => void;
  /**
   * The server refused because the terms are not acknowledged (the page checks first, but the
   * viewer it knows may be out of date): the page shows "You need to finishing signing up first!".
   */
  onNeedsSignUp: () => void;
  /** The new (or joined) team's number, to open its page. */
  onDone: (teamNumber: number) => void;
}

/**
 * docs/product.md §Teams: the team name, the invitations waiting for the user (join one instead of
 * creating), Make me the manager for admins only, Cancel and Create (Creating... while busy).
 */
export function CreateTeamModal({ invitations, isAdmin, onClose, onNeedsSignUp, onDone }: CreateTeamModalProps) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [makeMeManager, setMakeMeManager] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createTeam, { loading }] = useMutation(CreateTeamDocument, { refetchQueries: ['TeamsOverview'] });
  const [acceptInvitation, accepting] = useMutation(AcceptTeamInvitationDocument, { refetchQueries: ['TeamsOverview', 'Viewer'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await createTeam({ variables: { input: { name, ...(isAdmin ? { makeMeManager } : {}) } } });
      if (result.data) onDone(result.data.createTeam.team.databaseId);
    } catch (failure) {
      if (needsToFinishSignUp(failure)) onNeedsSignUp();
      else setError(teamRefusal(failure, MESSAGES.errorCreatingTeam).message);
    }
  };

  const accept = async (code: string) => {
    setError(null);
    try {
      const result = await acceptInvitation({ variables: { input: { code } } });
      if (result.data) onDone(result.data.acceptTeamInvitation.membership.team.databaseId);
    } catch (failure) {
      setError(teamRefusal(failure).message);
    }
  };

  return (
    <Modal title="Create a team" onClose={onClose} testId="create-team-modal">
      <form className="teams__create" onSubmit={submit}>
        <label htmlFor={nameId}>Team name</label>
        <input id={nameId} className="text-input" value={name} maxLength={120} required autoFocus onChange={(event) => setName(event.target.value)} />
        {invitations.length > 0 && (
          <section aria-label="Invitations to accept" className="teams__modal-invitations">
            <h3 className="teams__subheading">Invitations to accept</h3>
            <ul className="teams__list">
              {invitations.map((invitation) =>
                invitation.code ? (
                  <li key={invitation.id} className="teams__row">
                    <span>
                      {invitation.name} <span className="teams__muted">as {ROLE_LABELS[invitation.role]}</span>
                    </span>
                    <button type="button" className="button button--outline button--small" disabled={accepting.loading} onClick={() => void accept(invitation.code!)}>
                      Accept
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          </section>
        )}
        {isAdmin && (
          <label className="teams__checkbox">
            <input type="checkbox" checked={makeMeManager} onChange={(event) => setMakeMeManager(event.target.checked)} /> Make me the manager
          </label>
        )}
        {error && (
          <p className="teams__error" role="alert">
            {error}
          </p>
        )}
        <div className="teams__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={loading}>
            {loading ? 'Creating...' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
