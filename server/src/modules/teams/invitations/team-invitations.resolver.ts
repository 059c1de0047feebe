import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../../graphql/pagination.js';
import { requireViewer } from '../../users/index.js';
import { Invitation } from '../invitation.entity.js';
import { Team } from '../team.entity.js';
import {
  AcceptTeamInvitationInput,
  AcceptTeamInvitationPayload,
  InviteTeamMemberInput,
  InviteTeamMemberPayload,
  RevokeTeamInvitationInput,
  RevokeTeamInvitationPayload,
  TeamInvitationConnection,
} from '../team.types.js';
import { mayUseTeam } from '../team-access.js';
import { listOpenTeamInvitations } from './team-invitations.list.js';
import { acceptTeamInvitation, inviteTeamMember, isInvitationFor, listViewerInvitations, revokeTeamInvitation } from './team-invitations.service.js';

@Resolver(() => Invitation)
export class TeamInvitationResolver {
  @Query(() => TeamInvitationConnection, { description: 'Invitations waiting for the viewer: sent to their email address, not used and not expired; oldest first.' })
  viewerTeamInvitations(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<Connection<Invitation>> {
    return listViewerInvitations(context.em, requireViewer(context), readKeysetPage(args));
  }

  @Mutation(() => InviteTeamMemberPayload, {
    description: 'Mails an invitation link that works once, for 7 days (managers, on a team with a paid Teams subscription). Refused when every seat of the plan is taken, naming the limit.',
  })
  async inviteTeamMember(@Arg('input', () => InviteTeamMemberInput, { description: 'The team, the address to mail and the role.' }) input: InviteTeamMemberInput, @Ctx() context: RequestContext): Promise<InviteTeamMemberPayload> {
    const viewer = requireViewer(context);
    const invitation = await inviteTeamMember({ em: context.em, boss: context.boss, publicUrl: context.config.publicUrl }, viewer, parseGlobalId(input.teamId, 'Team'), {
      email: input.email,
      role: input.role ?? 'member',
    });
    return { invitation };
  }

  @Mutation(() => AcceptTeamInvitationPayload, { description: 'Joins a team with an invitation’s code. The code works once, before it expires, for the address it was sent to.' })
  async acceptTeamInvitation(@Arg('input', () => AcceptTeamInvitationInput, { description: 'The code from the invitation link.' }) input: AcceptTeamInvitationInput, @Ctx() context: RequestContext): Promise<AcceptTeamInvitationPayload> {
    const viewer = requireViewer(context);
    return { membership: await acceptTeamInvitation(context.em, viewer, input.code) };
  }

  @Mutation(() => RevokeTeamInvitationPayload, { description: 'Withdraws an invitation not yet used, freeing its seat (managers).' })
  async revokeTeamInvitation(@Arg('input', () => RevokeTeamInvitationInput, { description: 'The invitation to withdraw.' }) input: RevokeTeamInvitationInput, @Ctx() context: RequestContext): Promise<RevokeTeamInvitationPayload> {
    const viewer = requireViewer(context);
    const id = await revokeTeamInvitation(context.em, viewer, parseGlobalId(input.invitationId, 'TeamInvitation'));
    return { revokedInvitationId: toGlobalId('TeamInvitation', id) };
  }

  @FieldResolver(() => Team, { description: 'The team the invitation is to.' })
  team(@Root() invitation: Invitation): Promise<Team> {
    return invitation.team.loadOrFail();
  }

  @FieldResolver(() => String, { description: 'The name of the team it invites to.' })
  async name(@Root() invitation: Invitation): Promise<string> {
    return (await invitation.team.loadOrFail()).name;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The code to accept it with: only for the person invited.' })
  code(@Root() invitation: Invitation, @Ctx() context: RequestContext): string | null {
    return context.viewer && isInvitationFor(context.viewer, invitation) ? invitation.code : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The address it was sent to: for the person invited and the team.' })
  async email(@Root() invitation: Invitation, @Ctx() context: RequestContext): Promise<string | null> {
    if (!context.viewer) return null;
    if (isInvitationFor(context.viewer, invitation)) return invitation.email;
    return (await mayUseTeam(context.em, context.viewer, invitation.team.id)) ? invitation.email : null;
  }
}

@Resolver(() => Team)
export class TeamInvitationsFieldResolver {
  @FieldResolver(() => TeamInvitationConnection, { description: 'Invitations not yet used, oldest first (for the team’s managers; empty for others).' })
  invitations(@Root() team: Team, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<Invitation>> {
    return listOpenTeamInvitations(em, viewer, team.id, readKeysetPage(args));
  }
}
