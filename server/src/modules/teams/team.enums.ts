import type { TeamMemberRole, TeamMemberStatus, TeamPlan, TeamStatus } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const TeamStatusEnum = closedSetEnum<TeamStatus>('TeamStatus', { ACTIVE: 'active', INACTIVE: 'inactive' }, 'Whether a team is in use: a new team is inactive until it is paid for.', {
  ACTIVE: 'In use: with a current subscription or invoice as well, its members may use its tools.',
  INACTIVE: 'Not in use, as a new team is until it is paid for: its tools ask for a Teams subscription.',
});

export const TeamPlanEnum = closedSetEnum<TeamPlan>('TeamPlan', { STARTER: 'starter', TEAMS: 'teams' }, 'The plan a team pays for.', {
  STARTER: 'Starter Plan: 3 base seats.',
  TEAMS: 'Teams Plan: 10 base seats.',
});

export const TeamMemberRoleEnum = closedSetEnum<TeamMemberRole>(
  'TeamMemberRole',
  { MANAGER: 'manager', MEMBER: 'member', PRO_ONLY: 'pro_only' },
  'What a member may do in a team.',
  {
    MANAGER: 'Invites and removes people, changes roles and manages accounts; a team always keeps one.',
    MEMBER: 'Uses the team’s tools.',
    PRO_ONLY: 'Takes a seat for PRO access only, without the team’s tools.',
  },
);

export const TeamMemberStatusEnum = closedSetEnum<TeamMemberStatus>(
  'TeamMemberStatus',
  { ACTIVE: 'active', INACTIVE: 'inactive', INVITED: 'invited' },
  'Where a membership stands.',
  {
    ACTIVE: 'On the team, with what the role allows.',
    INACTIVE: 'Taken off the team: sees nothing of it.',
    INVITED: 'Invited, not yet accepted.',
  },
);
