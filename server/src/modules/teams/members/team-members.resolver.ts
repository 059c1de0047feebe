import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId } from '../../../graphql/global-id.js';
import { requireViewer } from '../../users/index.js';
import { TeamMember } from '../team-member.entity.js';
import {
  ChangeTeamMemberRoleInput,
  ChangeTeamMemberRolePayload,
  LeaveTeamInput,
  LeaveTeamPayload,
  RemoveTeamMemberInput,
  RemoveTeamMemberPayload,
} from '../team.types.js';
import { changeTeamMemberRole, leaveTeam, removeTeamMember } from './team-members.service.js';

@Resolver(() => TeamMember)
export class TeamMembersMutationResolver {
  @Mutation(() => RemoveTeamMemberPayload, { description: 'Takes someone off a team (managers; anyone may remove themselves). A member cannot remove a manager; the last manager cannot be removed.' })
  async removeTeamMember(@Arg('input', () => RemoveTeamMemberInput, { description: 'The membership to end.' }) input: RemoveTeamMemberInput, @Ctx() context: RequestContext): Promise<RemoveTeamMemberPayload> {
    const viewer = requireViewer(context);
    return { member: await removeTeamMember(context.em, viewer, parseGlobalId(input.memberId, 'TeamMember')) };
  }

  @Mutation(() => LeaveTeamPayload, { description: 'The viewer leaves a team. The last manager cannot leave: make someone else a manager first.' })
  async leaveTeam(@Arg('input', () => LeaveTeamInput, { description: 'The team to leave.' }) input: LeaveTeamInput, @Ctx() context: RequestContext): Promise<LeaveTeamPayload> {
    const viewer = requireViewer(context);
    return { member: await leaveTeam(context.em, viewer, parseGlobalId(input.teamId, 'Team')) };
  }

  @Mutation(() => ChangeTeamMemberRolePayload, { description: 'Changes a member’s role (managers, on a team with a paid Teams subscription). The last manager cannot be demoted.' })
  async changeTeamMemberRole(@Arg('input', () => ChangeTeamMemberRoleInput, { description: 'The membership and its new role.' }) input: ChangeTeamMemberRoleInput, @Ctx() context: RequestContext): Promise<ChangeTeamMemberRolePayload> {
    const viewer = requireViewer(context);
    return { member: await changeTeamMemberRole(context.em, viewer, parseGlobalId(input.memberId, 'TeamMember'), input.role) };
  }
}
