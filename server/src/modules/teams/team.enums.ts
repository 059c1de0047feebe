import type { TeamMemberRole, TeamMemberStatus, TeamPlan, TeamStatus } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const TeamStatusEnum = closedSetEnum<TeamStatus>('TeamStatus', { ACTIVE: 'active', INACTIVE: 'inactive' }, 'Whether a team is in use: a new team is inactive until it is paid for.');

export const TeamPlanEnum = closedSetEnum<TeamPlan>('TeamPlan', { STARTER: 'starter', TEAMS: 'teams' }, 'The plan a team pays for.', {
  STARTER: 'Starter Plan: 3 base seats.',
  TEAMS: 'Teams Plan: 10 base seats.',
});

export const TeamMemberRoleEnum = closedSetEnum<TeamMemberRole>(
  'TeamMemberRole',
  { MANAGER: 'manager', MEMBER: 'member', PRO_ONLY: 'pro_only' },
  'What a member may do in a team.',
  { PRO_ONLY: 'Takes a seat for PRO access only, without the team’s tools.' },
);

export const TeamMemberStatusEnum = closedSetEnum<TeamMemberStatus>(
  'TeamMemberStatus',
  { ACTIVE: 'active', INACTIVE: 'inactive', INVITED: 'invited' },
  'Where a membership stands.',
  { INVITED: 'Invited, not yet accepted.' },
);
