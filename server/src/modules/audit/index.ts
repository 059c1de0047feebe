/**
 * What the audit module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { AuditLog } from './audit-log.entity.js';
export { withMasqueradeAudit } from './audit-masquerade.middleware.js';
export { auditRoutes } from './audit.routes.js';
export { auditViewer, recentActionsOf, recordAudit } from './audit.service.js';
