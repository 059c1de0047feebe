/**
 * What the auth module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { purgeExpiredOneTimeTokens, purgeExpiredSessions } from './auth-purge.js';
export { emailAuthRoutes } from './email/email-auth.routes.js';
export { callApi, verifiedEmailProof } from './email/email-auth.test-support.js';
export { hashPassword } from './email/passwords.js';
export { callerKey } from './limits/client-address.js';
export { requireCaptcha } from './oauth/captcha.js';
export { resolveExternalIdentity } from './oauth/external-identity.service.js';
export { appleSignInRoutes } from './oauth/apple.routes.js';
export { oauthRoutes } from './oauth/oauth.routes.js';
export { AuthSession } from './sessions/auth-session.entity.js';
export { authRoutes } from './sessions/auth.routes.js';
export { refuseCrossSiteWrites } from './sessions/cross-site-guard.js';
export { auditMasqueradedRequests } from './sessions/masquerade-audit.http.js';
export { ADMIN_REFRESH_COOKIE, clearMasqueradeCookies, clearSessionCookies, requestCookie, setMasqueradeCookies, setSessionCookies } from './sessions/session-cookies.js';
export { sessionRefresh } from './sessions/session-refresh.js';
export { signSessionToken, verifySessionToken } from './sessions/session-token.js';
export { toSessionUser } from './sessions/session-user.js';
export { openSession, renewAccessToken, revokeSession, revokeUserSessions } from './sessions/session.service.js';
export type { SessionTokens } from './sessions/session.service.js';
export { wantsBearerTokens } from './sessions/sign-in.js';
export { SessionSockets } from './sessions/socket-sessions.js';
export { viewerFromHeaders } from './sessions/viewer.js';
export { OneTimeToken } from './tokens/one-time-token.entity.js';
export { issueOneTimeToken } from './tokens/one-time-tokens.js';
export { PersonalAccessToken } from './tokens/personal-access-token.entity.js';
export { personalAccessTokenNode } from './tokens/personal-access-token.node.js';
export { PersonalAccessTokenResolver } from './tokens/personal-access-token.resolver.js';
export { createPersonalAccessToken, revokeAllPersonalAccessTokens } from './tokens/personal-access-token.service.js';
export { tokenScopePlugin } from './tokens/token-scope.plugin.js';
export { INVALID_TOKEN_MESSAGE, READ_ONLY_TOKEN_MESSAGE, refuseReadOnlyTokenWrite } from './tokens/token-scope.js';
