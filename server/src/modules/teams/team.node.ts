import type { NodeType } from '../../graphql/node.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { findVisibleTeams } from './team.service.js';

/** A team through node(id:) is visible exactly as through team(id:): to its members and admins. */
export const teamNode: NodeType<Team> = {
  typeName: 'Team',
  classType: Team,
  loadVisible: ({ em, viewer }, ids) => findVisibleTeams(em, viewer, ids),
};

/** A membership is visible with its team. */
export const teamMemberNode: NodeType<TeamMember> = {
  typeName: 'TeamMember',
  classType: TeamMember,
  loadVisible: async ({ em, viewer }, ids) => {
    const members = await em.find(TeamMember, { id: { $in: ids } });
    const teamIds = [...new Set(members.map((member) => member.team.id))];
    const visible = new Set((await findVisibleTeams(em, viewer, teamIds)).map((team) => team.id));
    return members.filter((member) => visible.has(member.team.id));
  },
};
