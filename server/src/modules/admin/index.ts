/**
 * What the admin module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { AdminAuditResolver } from './admin-audit.resolver.js';
export { AdminUsersResolver } from './admin-users.resolver.js';
export { requireAdminViewer } from './admin.policy.js';
export { masqueradeRoutes } from './masquerade.routes.js';
