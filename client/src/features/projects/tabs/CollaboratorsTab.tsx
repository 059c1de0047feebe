import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { validateEmail } from '@domain/validation';
import {
  AddProjectCollaboratorDocument,
  CreditCandidatesDocument,
  ProjectCollaboratorsDocument,
  RemoveProjectCollaboratorDocument,
  ViewerDocument,
  type ProjectCollaboratorRowFragment,
  type ProjectPermission,
} from '@gql/graphql';
import { MessageButton } from '@features/messages';
import { Avatar } from '@ui/Avatar';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { EmptyState } from '@ui/EmptyState';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { useToast } from '@ui/toastContext';
import { PERMISSION_HINTS, PERMISSION_LABELS, projectErrorMessage } from '../projectLabels';
import type { ProjectTabProps } from './types';

const PAGE_SIZE = 100;
const REFETCH = { refetchQueries: ['ProjectCollaborators'] };
const PERMISSIONS: ProjectPermission[] = ['VIEWER', 'EDITOR', 'OWNER'];

type Role = { id: string; name: string; emoji: string };
/** Whom the form invites: someone on Byline, or an address (never shown as a name). */
type Invitee = { kind: 'user'; userId: string; label: string } | { kind: 'email'; email: string };

function personName(collaborator: ProjectCollaboratorRowFragment): string {
  if (!collaborator.user) return 'Invited by email';
  return collaborator.user.name ?? (collaborator.user.username ? `@${collaborator.user.username}` : 'Someone');
}

/** One field for a name, a username or an address: people on Byline are offered as they are typed. */
function InviteeField({ invitee, onChange }: { invitee: Invitee | null; onChange: (invitee: Invitee | null) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const isEmail = typed.includes('@') && validateEmail(typed) === null;
  const query = useDebouncedValue(isEmail ? '' : typed, 250);
  const { data } = useQuery(CreditCandidatesDocument, query ? { variables: { query, first: 6 } } : skipToken);
  const candidates = query ? (data?.creditCandidates.nodes ?? []) : [];

  const change = (value: string) => {
    setText(value);
    const next = value.trim();
    onChange(next.includes('@') && validateEmail(next) === null ? { kind: 'email', email: next } : null);
  };

  return (
    <div className="project-invite__person">
      <label htmlFor={inputId} className="text-field__label">
        Name, username or email
      </label>
      <input id={inputId} type="search" className="text-input" value={text} autoComplete="off" spellCheck={false} aria-describedby={`${inputId}-hint`} onChange={(event) => change(event.target.value)} />
      <p id={`${inputId}-hint`} className="projects__muted">
        {isEmail ? 'They get an email with a link to join; until then they show as invited by email.' : 'Pick someone on Byline, or type an email address.'}
      </p>
      {candidates.length > 0 && (
        <fieldset className="project-invite__candidates">
          <legend className="visually-hidden">People found</legend>
          {candidates.map((candidate) => {
            const label = candidate.name ?? candidate.username ?? 'Someone';
            return (
              <label key={candidate.id} className="project-invite__candidate">
                <input type="radio" name={`${inputId}-candidate`} checked={invitee?.kind === 'user' && invitee.userId === candidate.id} onChange={() => onChange({ kind: 'user', userId: candidate.id, label })} />
                <Avatar name={label} avatarUrl={candidate.avatarUrl ?? null} size={28} />
                <span>{label}</span>
                {candidate.username && <span className="projects__muted">@{candidate.username}</span>}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

function InviteForm({ projectId, roles }: { projectId: string; roles: readonly Role[] }) {
  const toast = useToast();
  const [formKey, setFormKey] = useState(0);
  const [invitee, setInvitee] = useState<Invitee | null>(null);
  const [roleId, setRoleId] = useState('');
  const [permission, setPermission] = useState<ProjectPermission>('VIEWER');
  const [error, setError] = useState<string | null>(null);
  const [add, { loading }] = useMutation(AddProjectCollaboratorDocument, REFETCH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!invitee) return setError('Choose someone on Byline or type their email address.');
    if (!roleId) return setError('Choose their role.');
    try {
      const person = invitee.kind === 'user' ? { userId: invitee.userId } : { email: invitee.email };
      await add({ variables: { input: { projectId, roleId, permission, ...person } } });
      toast.success(`Invited ${invitee.kind === 'user' ? invitee.label : invitee.email}`);
      setInvitee(null);
      setRoleId('');
      setFormKey((key) => key + 1);
    } catch (failure) {
      setError(projectErrorMessage(failure));
    }
  };

  return (
    <form key={formKey} className="projects__form project-invite" onSubmit={submit} aria-labelledby="project-invite-heading">
      <h3 id="project-invite-heading" className="projects__subheading">
        Invite someone
      </h3>
      <InviteeField invitee={invitee} onChange={setInvitee} />
      <Select label="Role" value={roleId} options={[{ value: '', label: 'Choose a role' }, ...roles.map((role) => ({ value: role.id, label: `${role.emoji} ${role.name}` }))]} onChange={setRoleId} />
      <Select label="Permission" hint={PERMISSION_HINTS[permission]} value={permission} options={PERMISSIONS.map((value) => ({ value, label: PERMISSION_LABELS[value] }))} onChange={setPermission} />
      {error && (
        <p className="projects__error" role="alert">
          {error}
        </p>
      )}
      <div className="projects__actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Inviting...' : 'Invite'}
        </button>
      </div>
    </form>
  );
}

function CollaboratorRow({ collaborator, projectId, mayRemove, isViewer }: { collaborator: ProjectCollaboratorRowFragment; projectId: string; mayRemove: boolean; isViewer: boolean }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading }] = useMutation(RemoveProjectCollaboratorDocument, isViewer ? { refetchQueries: ['ProjectCollaborators', 'ProjectPage'] } : REFETCH);
  const name = personName(collaborator);
  const removeLabel = isViewer ? 'Leave' : 'Remove';

  const confirm = async () => {
    setConfirming(false);
    try {
      await remove({ variables: { input: { collaboratorId: collaborator.id } } });
      toast.success(isViewer ? 'You left the project' : `${name} removed`);
    } catch (failure) {
      toast.error(projectErrorMessage(failure));
    }
  };

  return (
    <li className="projects__row">
      <div className="project-collaborator">
        <Avatar name={collaborator.user ? name : null} avatarUrl={collaborator.user?.avatarUrl ?? null} />
        <div className="projects__summary">
          <span className="projects__name">{name}</span>
          <span className="projects__muted">
            {collaborator.creditRole.emoji} {collaborator.creditRole.name} · {PERMISSION_LABELS[collaborator.permission]}
            {collaborator.status === 'PENDING' && ' · Invited'}
            {collaborator.status === 'DECLINED' && ' · Declined'}
          </span>
        </div>
      </div>
      {/* docs/product.md §Messages: a conversation started here is about this project. */}
      {collaborator.user && <MessageButton userId={collaborator.user.id} name={name} projectId={projectId} projectName="this project" />}
      {(mayRemove || isViewer) && (
        <button type="button" className="button button--outline button--small" disabled={loading} aria-label={isViewer ? 'Leave the project' : `Remove ${name}`} onClick={() => setConfirming(true)}>
          {removeLabel}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={isViewer ? 'Leave this project?' : `Remove ${name}?`}
        yesLabel={removeLabel}
        noLabel="Cancel"
        primary="no"
        onYes={() => void confirm()}
        onNo={() => setConfirming(false)}
      >
        {isViewer ? 'You will no longer see it unless you are invited again.' : 'Credits already accepted on its posts stay theirs.'}
      </ConfirmDialog>
    </li>
  );
}

/** The people in the project with their roles; owners invite and remove, anyone may leave. */
export default function CollaboratorsTab({ projectId, can }: ProjectTabProps) {
  const viewerId = useQuery(ViewerDocument).data?.viewer?.id ?? null;
  const { data, loading, error } = useQuery(ProjectCollaboratorsDocument, { variables: { id: projectId, first: PAGE_SIZE } });
  const collaborators = data?.node?.__typename === 'Project' ? data.node.collaborators : null;
  return (
    <section className="project__section" aria-labelledby="project-collaborators">
      <h2 id="project-collaborators">Collaborators</h2>
      {!data && loading && <Skeleton lines={3} label="Loading collaborators…" />}
      {!data && error && <p role="alert">{projectErrorMessage(error)}</p>}
      {collaborators && collaborators.nodes.length === 0 && <EmptyState title="No one has been invited yet." />}
      {collaborators && collaborators.nodes.length > 0 && (
        <ul className="projects__list" aria-label="Collaborators">
          {collaborators.nodes.map((collaborator) => (
            <CollaboratorRow key={collaborator.id} collaborator={collaborator} projectId={projectId} mayRemove={can.manageCollaborators} isViewer={viewerId !== null && collaborator.user?.id === viewerId} />
          ))}
        </ul>
      )}
      {collaborators && collaborators.totalCount > collaborators.nodes.length && (
        <p className="projects__muted">
          The first {collaborators.nodes.length} of {collaborators.totalCount} are shown.
        </p>
      )}
      {can.manageCollaborators && data && <InviteForm projectId={projectId} roles={data.creditRoles} />}
    </section>
  );
}
