/**
 * The team page's mutations, in a chunk of their own: fetched with the first team action (`loadMutationDocument.ts`), not with /teams/{id}, which issue 15's first-load
 * budget (150 KB gz) has no room for.
 */
export {
  AddTeamAccountDocument,
  AddTeamCreatorDocument,
  ChangeTeamMemberRoleDocument,
  CreateTeamReportDocument,
  CreateTeamStageDocument,
  DeleteTeamReportDocument,
  DeleteTeamStageDocument,
  InviteTeamMemberDocument,
  LeaveTeamDocument,
  MoveTeamCreatorDocument,
  RemoveTeamAccountDocument,
  RemoveTeamCreatorDocument,
  RemoveTeamMemberDocument,
  RenameTeamStageDocument,
  RevokeTeamInvitationDocument,
} from '@gql/graphql';
