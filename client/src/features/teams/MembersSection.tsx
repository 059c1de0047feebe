import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from '@router';
import {
  ViewerDocument,
  type TeamMemberRole,
  type TeamMemberRowFragment,
  type TeamPageQuery,
} from '@gql/graphql';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { DateText } from '@ui/DateText';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import { loadChangeTeamMemberRole, loadInviteTeamMember, loadLeaveTeam, loadRemoveTeamMember, loadRevokeTeamInvitation } from './loadMutationDocument';
import { ROLE_LABELS, STATUS_LABELS, teamRefusal } from './teamErrors';
import { useTeamTools } from './teamTools';

type Invitations = NonNullable<TeamPageQuery['teamByDatabaseId']>['invitations']['nodes'];

const ROLES: readonly TeamMemberRole[] = ['MANAGER', 'MEMBER', 'PRO_ONLY'];
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const REFETCH = { refetchQueries: ['TeamPage'] };
/** Leaving also changes the viewer's teams and menu. */
const REFETCH_AFTER_LEAVING = { refetchQueries: ['TeamPage', 'TeamsOverview', 'Viewer'] };

function displayName(user: TeamMemberRowFragment['user']): string {
  return user.name ?? user.username ?? 'A member';
}

/** Refusals become toasts, except the upgrade check's, which opens its prompt. */
function useRefusalHandler() {
  const toast = useToast();
  const tools = useTeamTools();
  return (failure: unknown) => {
    const refusal = teamRefusal(failure);
    if (refusal.needsTeamsSubscription) tools.showUpgrade();
    else toast.error(refusal.message);
  };
}

function InviteForm() {
  const tools = useTeamTools();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamMemberRole>('MEMBER');
  const [error, setError] = useState<string | null>(null);
  const [invite, { loading }] = useMutationLoadedOnUse(loadInviteTeamMember, REFETCH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!tools.upgradeCheck()) return;
    try {
      await invite({ variables: { input: { teamId: tools.teamId, email, role } } });
      toast.success(`Invitation sent to ${email}`);
      setEmail('');
    } catch (failure) {
      const refusal = teamRefusal(failure);
      if (refusal.needsTeamsSubscription) tools.showUpgrade();
      else setError(refusal.message);
    }
  };

  return (
    <form className="teams__invite" onSubmit={submit} aria-label="Invite by email">
      <TextField label="Email" type="email" value={email} required maxLength={320} onChange={setEmail} />
      <Select label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} />
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? 'Inviting...' : 'Invite'}
      </button>
      {error && (
        <p className="teams__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function MemberName({ member, isMe }: { member: TeamMemberRowFragment; isMe: boolean }) {
  const name = displayName(member.user);
  return (
    <>
      {member.user.username ? <Link to={`/${member.user.username}`}>{name}</Link> : name}
      {isMe && <span className="teams__muted"> (you)</span>}
    </>
  );
}

/** A manager changes an active member's role in place; everyone else reads it. */
function MemberRole({ member }: { member: TeamMemberRowFragment }) {
  const tools = useTeamTools();
  const onRefusal = useRefusalHandler();
  const [changeRole] = useMutationLoadedOnUse(loadChangeTeamMemberRole, REFETCH);
  const name = displayName(member.user);

  const setRole = async (role: TeamMemberRole) => {
    if (!tools.upgradeCheck()) return;
    try {
      await changeRole({ variables: { input: { memberId: member.id, role } } });
    } catch (failure) {
      onRefusal(failure);
    }
  };

  if (!tools.manage || member.status === 'INACTIVE') return ROLE_LABELS[member.role];
  return (
    <Select label={`Role of ${name}`} hideLabel className="teams__select" value={member.role} options={ROLE_OPTIONS} onChange={(role) => void setRole(role)} />
  );
}

/** Leave (one's own row) or remove (a manager, any other active member), after a question. */
function MemberActions({ member, isMe }: { member: TeamMemberRowFragment; isMe: boolean }) {
  const tools = useTeamTools();
  const onRefusal = useRefusalHandler();
  const [confirm, setConfirm] = useState(false);
  const [removeMember] = useMutationLoadedOnUse(loadRemoveTeamMember, REFETCH);
  const [leaveTeam] = useMutationLoadedOnUse(loadLeaveTeam, REFETCH_AFTER_LEAVING);
  const name = displayName(member.user);

  const remove = async () => {
    setConfirm(false);
    try {
      if (isMe) await leaveTeam({ variables: { input: { teamId: tools.teamId } } });
      else await removeMember({ variables: { input: { memberId: member.id } } });
    } catch (failure) {
      onRefusal(failure);
    }
  };

  return (
    <>
      {member.status !== 'INACTIVE' && (isMe || tools.manage) && (
        <button type="button" className="button button--outline button--small" onClick={() => setConfirm(true)}>
          {isMe ? 'Leave' : 'Remove'}
        </button>
      )}
      <ConfirmDialog open={confirm} title={isMe ? 'Leave this team?' : `Remove ${name}?`} yesLabel={isMe ? 'Leave' : 'Remove'} noLabel="Cancel" primary="no" onYes={() => void remove()} onNo={() => setConfirm(false)}>
        {isMe ? 'You lose access to the team’s pages and any PRO access it gives you.' : 'They lose access to the team’s pages and its seat is freed.'}
      </ConfirmDialog>
    </>
  );
}

function memberColumns(viewerId: string | undefined): ReadonlyArray<DataTableColumn<TeamMemberRowFragment>> {
  const isMe = (member: TeamMemberRowFragment) => member.user.id === viewerId;
  return [
    { id: 'name', header: 'Name', cell: (member) => <MemberName member={member} isMe={isMe(member)} />, sortKey: 'name', sortValue: (member) => displayName(member.user) },
    { id: 'role', header: 'Role', cell: (member) => <MemberRole member={member} />, sortKey: 'role', sortValue: (member) => ROLES.indexOf(member.role) },
    { id: 'status', header: 'Status', cell: (member) => STATUS_LABELS[member.status], sortKey: 'status', sortValue: (member) => STATUS_LABELS[member.status] },
    {
      id: 'last-active',
      header: 'Last active',
      cell: (member) => (member.lastActiveAt ? <DateText iso={member.lastActiveAt} /> : 'Never'),
      sortKey: 'last-active',
      sortValue: (member) => member.lastActiveAt,
      firstDirection: 'descending',
    },
    { id: 'actions', header: 'Actions', headerHidden: true, cell: (member) => <MemberActions member={member} isMe={isMe(member)} /> },
  ];
}

/** Members with role, status and last activity; managers invite, change roles and remove people. */
export function MembersSection({ members, invitations, seats, seatsInUse }: { members: readonly TeamMemberRowFragment[]; invitations: Invitations; seats: number | null; seatsInUse: number }) {
  const tools = useTeamTools();
  const onRefusal = useRefusalHandler();
  const viewerId = useQuery(ViewerDocument).data?.viewer?.id;
  const [revoke] = useMutationLoadedOnUse(loadRevokeTeamInvitation, REFETCH);

  return (
    <section className="teams__section" aria-labelledby="team-members">
      <h2 id="team-members" className="teams__subheading">
        Members
      </h2>
      {seats !== null && (
        <p className="teams__muted" data-testid="team-seats">
          {seatsInUse} of {seats} seats in use
        </p>
      )}
      <div className="teams__table-wrap">
        <DataTable caption="Members" captionHidden columns={memberColumns(viewerId)} rows={members} rowKey={(member) => member.id} />
      </div>
      {tools.manage && (
        <>
          <h3 className="teams__subheading teams__subheading--small">Invite by email</h3>
          <InviteForm />
          {invitations.length > 0 && (
            <ul className="teams__list" aria-label="Invitations sent">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="teams__row">
                  <span>
                    {invitation.email} <span className="teams__muted">as {ROLE_LABELS[invitation.role]} · expires <DateText iso={invitation.expiresAt} /></span>
                  </span>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => void revoke({ variables: { input: { invitationId: invitation.id } } }).catch(onRefusal)}
                  >
                    Withdraw
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
