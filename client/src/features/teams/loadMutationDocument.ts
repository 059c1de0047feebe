const documents = () => import('./mutationDocuments');

/** Each team page mutation's document, loaded on first use (`useMutationLoadedOnUse`). */
export const loadAddTeamCreator = () => documents().then((loaded) => loaded.AddTeamCreatorDocument);
export const loadRemoveTeamCreator = () => documents().then((loaded) => loaded.RemoveTeamCreatorDocument);
export const loadMoveTeamCreator = () => documents().then((loaded) => loaded.MoveTeamCreatorDocument);
export const loadCreateTeamStage = () => documents().then((loaded) => loaded.CreateTeamStageDocument);
export const loadRenameTeamStage = () => documents().then((loaded) => loaded.RenameTeamStageDocument);
export const loadDeleteTeamStage = () => documents().then((loaded) => loaded.DeleteTeamStageDocument);
export const loadCreateTeamReport = () => documents().then((loaded) => loaded.CreateTeamReportDocument);
export const loadDeleteTeamReport = () => documents().then((loaded) => loaded.DeleteTeamReportDocument);
export const loadInviteTeamMember = () => documents().then((loaded) => loaded.InviteTeamMemberDocument);
export const loadChangeTeamMemberRole = () => documents().then((loaded) => loaded.ChangeTeamMemberRoleDocument);
export const loadRemoveTeamMember = () => documents().then((loaded) => loaded.RemoveTeamMemberDocument);
export const loadLeaveTeam = () => documents().then((loaded) => loaded.LeaveTeamDocument);
export const loadRevokeTeamInvitation = () => documents().then((loaded) => loaded.RevokeTeamInvitationDocument);
export const loadAddTeamAccount = () => documents().then((loaded) => loaded.AddTeamAccountDocument);
export const loadRemoveTeamAccount = () => documents().then((loaded) => loaded.RemoveTeamAccountDocument);
