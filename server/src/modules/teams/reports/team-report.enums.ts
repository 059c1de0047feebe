import { closedSetEnum } from '../../../graphql/enums.js';

export const TEAM_REPORT_KINDS = ['posts', 'accounts'] as const;
export type TeamReportKind = (typeof TEAM_REPORT_KINDS)[number];

export const TeamReportKindEnum = closedSetEnum<TeamReportKind>('TeamReportKind', { POSTS: 'posts', ACCOUNTS: 'accounts' }, 'What a saved report follows.', {
  POSTS: 'Chosen posts.',
  ACCOUNTS: 'Every post of chosen social accounts.',
});
