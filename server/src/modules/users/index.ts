/**
 * What the users module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { rememberDeletedUsername, wasUsernameDeleted } from './deleted-usernames.js';
export { isEmailAddress, normalizeEmail } from './email-address.js';
export { isAdminViewer, isOwnSession, requireOwnSession, requireViewer } from './guards.js';
export { LoginCredential } from './login-credential.entity.js';
export type { LoginProvider } from './login-credential.entity.js';
export { listLoginMethods } from './login-method.service.js';
export type { HttpContextFactory, RequestContext, RouteDeps } from './request-context.js';
export { lockUserRow } from './user-row-lock.js';
export { recordTermsAcknowledgement } from './terms-acknowledgement.js';
export { User } from './user.entity.js';
export { UserTypeEnum } from './user.enums.js';
export { loginMethodNode, userNode } from './user.node.js';
export { canSeePrivateUserFields, isViewerThemself } from './user.policy.js';
export { UserResolver } from './user.resolver.js';
export { chooseUsername, findUserByUsername, updateProfile } from './user.service.js';
export { LoginMethodConnection, ViewerPermissions } from './user.types.js';
export type { LoginMethod } from './user.types.js';
export { loadUserView, primeUserView, userViewColumns, userViewFromColumns } from './user.view.js';
export type { UserView } from './user.view.js';
export type { Viewer, ViewerUser } from './viewer.js';
export { loadViewerEntity, viewerUserColumns, viewerUserFromColumns } from './viewer-user.js';
