import { connectionType } from '../../graphql/connection.js';
import { TeamMember } from './team-member.entity.js';

export const TeamMemberConnection = connectionType('TeamMember', TeamMember, { totalCount: true });
