/**
 * What the credits module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { claimCreditsByEmail, claimCreditsOfAccount, newClaimToken } from './credit-claims.js';
export { startCreditsModule } from './credit-mail.queue.js';
export { NotificationCreditResolver } from './credit-notification.resolver.js';
export { CreditReport } from './credit-report.entity.js';
export { CreditRole } from './credit-role.entity.js';
export { CREDIT_ROLES } from './credit-role.service.js';
export { loadPostCreditPages, visibleCreditJoin, visiblePostCredits } from './credit-visibility.js';
export { Credit } from './credit.entity.js';
export { creditNode, creditRoleNode } from './credit.node.js';
export { mayCreditOthersOn, publicCreditFilter, publicCreditSql, publicCreditWhere } from './credit.policy.js';
export { CreditResolver } from './credit.resolver.js';
export { addCredit } from './credit.service.js';
export type { CreditDeps } from './credit.service.js';
export { PostViewerCan, SocialHandleInput } from './credit.types.js';
export type { CreditView } from './credit.view.js';
export { creditReportNode } from './reports/credit-report.node.js';
export { CreditReportResolver } from './reports/credit-report.resolver.js';
export { CreditSuggestionResolver } from './suggestions/credit-suggestion.resolver.js';
export { PostCreditsResolver } from './post-credits.resolver.js';
