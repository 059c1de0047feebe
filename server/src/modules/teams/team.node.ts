import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext, Viewer } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { Invitation } from './invitation.entity.js';
import { TeamAccount } from './managed-accounts/team-account.entity.js';
import { TeamReport } from './reports/team-report.entity.js';
import { TeamCreatorComment } from './stages/team-creator-comment.entity.js';
import { TeamCreator } from './stages/team-creator.entity.js';
import { TeamStage } from './stages/team-stage.entity.js';
import { isInvitationFor } from './invitations/team-invitations.service.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { findVisibleTeams } from './team.service.js';

/** Rows of a team's things, kept when their team is visible to the viewer (the team's own rule). */
async function withVisibleTeam<T extends { id: number }>(em: EntityManager, viewer: Viewer | null, rows: T[], teamIdOf: (row: T) => number): Promise<T[]> {
  const teamIds = [...new Set(rows.map(teamIdOf))];
  const visible = new Set((await findVisibleTeams(em, viewer, teamIds)).map((team) => team.id));
  return rows.filter((row) => visible.has(teamIdOf(row)));
}

function teamThingNode<T extends { id: number; team: { id: number } }>(typeName: string, classType: EntityClass<T> & (new () => T)): NodeType<T, RequestContext> {
  return {
    typeName,
    classType,
    loadVisible: async ({ em, viewer }: RequestContext, ids) => withVisibleTeam(em, viewer, await em.find(classType, { id: { $in: ids } } as never), (row) => row.team.id),
  };
}

/** A team through node(id:) is visible exactly as through team(id:): to its managers and members, and admins. */
export const teamNode: NodeType<Team, RequestContext> = {
  typeName: 'Team',
  classType: Team,
  loadVisible: ({ em, viewer }, ids) => findVisibleTeams(em, viewer, ids),
};

/** A membership is visible with its team, and to the member themself. */
export const teamMemberNode: NodeType<TeamMember, RequestContext> = {
  typeName: 'TeamMember',
  classType: TeamMember,
  loadVisible: async ({ em, viewer }, ids) => {
    const members = await em.find(TeamMember, { id: { $in: ids } });
    const own = members.filter((member) => viewer !== null && member.user.id === viewer.user.id);
    const others = await withVisibleTeam(em, viewer, members.filter((member) => !own.includes(member)), (member) => member.team.id);
    return [...own, ...others];
  },
};

/** An invitation is for the person invited and for the team. */
export const teamInvitationNode: NodeType<Invitation, RequestContext> = {
  typeName: 'TeamInvitation',
  classType: Invitation,
  loadVisible: async ({ em, viewer }, ids) => {
    if (!viewer) return [];
    const rows = await em.find(Invitation, { id: { $in: ids } });
    const mine = rows.filter((row) => isInvitationFor(viewer, row));
    const others = await withVisibleTeam(em, viewer, rows.filter((row) => !mine.includes(row)), (row) => row.team.id);
    return [...mine, ...others];
  },
};

export const teamManagedAccountNode = teamThingNode('TeamManagedAccount', TeamAccount);
export const teamStageNode = teamThingNode('TeamStage', TeamStage);
export const teamCreatorNode = teamThingNode('TeamCreator', TeamCreator);
export const teamReportNode = teamThingNode('TeamReport', TeamReport);

/** A comment is visible with the board its creator is on. */
export const teamCreatorCommentNode: NodeType<TeamCreatorComment, RequestContext> = {
  typeName: 'TeamCreatorComment',
  classType: TeamCreatorComment,
  loadVisible: async ({ em, viewer }, ids) => {
    const comments = await em.find(TeamCreatorComment, { id: { $in: ids } }, { populate: ['creator'] });
    return withVisibleTeam(em, viewer, comments, (comment) => comment.creator.getEntity().team.id);
  },
};
