import { describe, expect, it } from 'vitest';
import type { NotificationDelivery } from '../../../../domain/notification-preferences.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useMailingTestServer } from '../../test-support/test-server.js';
import { setNotificationDelivery, unsubscribeToken } from '../notifications/index.js';
import type { User } from '../users/index.js';
import { Invitation } from './invitation.entity.js';
import { TeamMember } from './team-member.entity.js';
import { askAs, dataOf, payForTeam } from './teams.test-support.js';

/** Team news reaches people through their Teams preference (docs/product.md §Teams, "Team news"). */
const { env, mail } = useMailingTestServer();
const em = () => env.server.orm.em.fork();

const INVITE = 'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { invitation { id } } }';
const ACCEPT = 'mutation($input: AcceptTeamInvitationInput!) { acceptTeamInvitation(input: $input) { membership { id } } }';
const CHANGE_ROLE = 'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { member { role } } }';
const REMOVE = 'mutation($input: RemoveTeamMemberInput!) { removeTeamMember(input: $input) { member { status } } }';
const LEAVE = 'mutation($input: LeaveTeamInput!) { leaveTeam(input: $input) { member { status } } }';

interface StoredNotification {
  kind: string;
  message: string;
  link: string | null;
  mail_delivery: string | null;
}

function notificationsOf(userId: number): Promise<StoredNotification[]> {
  return queryRows<StoredNotification>(env.server.databaseUrl, `select kind, message, link, mail_delivery from notifications where user_id = $1 and kind like 'team%' order by id`, [userId]);
}

async function paidTeam(): Promise<{ manager: User; member: User; teamId: number; teamName: string; memberId: number }> {
  const db = em();
  const manager = await createUser(db, { name: `Mara ${uniqueSuffix()}` });
  const member = await createUser(db);
  const team = await createTeam(db, [
    { user: manager, role: 'manager' },
    { user: member, role: 'member' },
  ]);
  await payForTeam(db, team);
  const membership = await db.findOneOrFail(TeamMember, { team: team.id, user: member.id });
  return { manager, member, teamId: team.id, teamName: team.name, memberId: membership.id };
}

interface TeamEvent {
  /** Sets up a team, chooses `delivery` for the person the event is news to, and makes it happen. */
  happen(delivery: NotificationDelivery): Promise<{ recipient: User; kind: string; message: string; link: string }>;
}

const EVENTS: Record<string, TeamEvent> = {
  'an invitation to someone with an account': {
    async happen(delivery) {
      const { manager, teamId, teamName } = await paidTeam();
      const invitee = await createUser(em());
      await setNotificationDelivery(em(), invitee.id, 'teams', delivery);
      dataOf(await askAs(env.server, manager.id, INVITE, { input: { teamId: toGlobalId('Team', teamId), email: invitee.email } }));
      const { code } = await em().findOneOrFail(Invitation, { team: teamId, email: invitee.email!.toLowerCase() });
      return { recipient: invitee, kind: 'team_invitation', message: `${manager.name} invited you to join the team ${teamName}`, link: `/teams/accept/${code}` };
    },
  },
  'an invitation accepted, to whoever sent it': {
    async happen(delivery) {
      const { manager, teamId, teamName } = await paidTeam();
      const joiner = await createUser(em());
      await setNotificationDelivery(em(), manager.id, 'teams', delivery);
      dataOf(await askAs(env.server, manager.id, INVITE, { input: { teamId: toGlobalId('Team', teamId), email: joiner.email } }));
      const { code } = await em().findOneOrFail(Invitation, { team: teamId, email: joiner.email!.toLowerCase() });
      dataOf(await askAs(env.server, joiner.id, ACCEPT, { input: { code } }));
      return { recipient: manager, kind: 'team_invitation_accepted', message: `${joiner.name} accepted your invitation to join the team ${teamName}`, link: `/teams/${teamId}` };
    },
  },
  'a role a manager changed': {
    async happen(delivery) {
      const { manager, member, teamId, teamName, memberId } = await paidTeam();
      await setNotificationDelivery(em(), member.id, 'teams', delivery);
      dataOf(await askAs(env.server, manager.id, CHANGE_ROLE, { input: { memberId: toGlobalId('TeamMember', memberId), role: 'MANAGER' } }));
      return { recipient: member, kind: 'team_role_changed', message: `${manager.name} made you Manager of the team ${teamName}`, link: `/teams/${teamId}` };
    },
  },
  'a removal by a manager': {
    async happen(delivery) {
      const { manager, member, teamName, memberId } = await paidTeam();
      await setNotificationDelivery(em(), member.id, 'teams', delivery);
      dataOf(await askAs(env.server, manager.id, REMOVE, { input: { memberId: toGlobalId('TeamMember', memberId) } }));
      return { recipient: member, kind: 'team_member_removed', message: `${manager.name} removed you from the team ${teamName}`, link: '/teams' };
    },
  },
};

describe.each(Object.entries(EVENTS))('team news: %s', (_name, event) => {
  it('is mailed at once with the one-click unsubscribe headers when Teams are set to mail at once', async () => {
    const { recipient, kind, message, link } = await event.happen('mail_now');
    const sent = await mail.waitForMail(recipient.email!, { subject: /the team/ });
    expect(sent.subject).toBe(message);
    expect(sent.text).toContain(`${env.server.config.publicUrl.replace(/\/+$/, '')}${link}`);
    expect(sent.text).toContain('You get this mail because your Teams notifications are set to “By mail at once”.');
    const token = unsubscribeToken(env.server.config.jwtSecret, recipient.id, 'teams');
    expect(sent.headers['list-unsubscribe']).toBe(`<${env.server.config.publicUrl}/unsubscribe/${token}>`);
    expect(sent.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await notificationsOf(recipient.id)).toEqual([{ kind, message, link, mail_delivery: null }]);
  });

  it('waits for the daily digest when Teams are left at their default', async () => {
    const { recipient, kind, message, link } = await event.happen('digest');
    expect(await notificationsOf(recipient.id)).toEqual([{ kind, message, link, mail_delivery: 'digest' }]);
  });

  it('shows in the app only, owing no mail, when Teams are set to In the app', async () => {
    const { recipient, kind, message, link } = await event.happen('in_app');
    expect(await notificationsOf(recipient.id)).toEqual([{ kind, message, link, mail_delivery: null }]);
  });

  it('keeps nothing when Teams are Off', async () => {
    const { recipient } = await event.happen('off');
    expect(await notificationsOf(recipient.id)).toEqual([]);
  });
});

describe('team news is not made of what people do themselves', () => {
  it('leaving and changing one’s own role tell nobody', async () => {
    const { manager, member, teamId } = await paidTeam();
    const second = await createUser(em());
    const db = em();
    const team = await db.findOneOrFail(TeamMember, { team: teamId, user: manager.id });
    db.create(TeamMember, { team: team.team, user: second, role: 'manager', status: 'active' });
    await db.flush();
    dataOf(await askAs(env.server, manager.id, CHANGE_ROLE, { input: { memberId: toGlobalId('TeamMember', team.id), role: 'MEMBER' } }));
    dataOf(await askAs(env.server, member.id, LEAVE, { input: { teamId: toGlobalId('Team', teamId) } }));
    for (const person of [manager, member, second]) expect(await notificationsOf(person.id)).toEqual([]);
  });

  it('an address with no account gets the invitation mail itself, which carries no unsubscribe', async () => {
    const { manager, teamId } = await paidTeam();
    const address = `nobody.${uniqueSuffix()}@example.test`;
    dataOf(await askAs(env.server, manager.id, INVITE, { input: { teamId: toGlobalId('Team', teamId), email: address } }));
    const sent = await mail.waitForMail(address, { subject: /invited you to join/ });
    expect(sent.text).toMatch(/\/teams\/accept\/[A-Za-z0-9_-]+/);
    expect(sent.headers['list-unsubscribe']).toBeUndefined();
  });
});
