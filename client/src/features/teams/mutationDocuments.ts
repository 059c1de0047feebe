/**
 * The team page's mutations, in a chunk of their own: fetched with the first team action
 * (`loadMutationDocument.ts`), not with /teams/{id}, which the first-load budget of docs/product.md
 * §Performance (150 KB gz) has no room for.
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
