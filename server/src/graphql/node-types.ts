import type { AnyNodeType } from './node.js';
import { personalAccessTokenNode } from '../modules/auth/tokens/personal-access-token.node.js';
import { invoiceNode } from '../modules/billing/invoice.node.js';
import { creditNode, creditRoleNode } from '../modules/credits/credit.node.js';
import { creditReportNode } from '../modules/credits/reports/credit-report.node.js';
import { listNode } from '../modules/lists/list.node.js';
import { bulkImportNode } from '../modules/posts/import/bulk/bulk-import.node.js';
import { networkNode, socialAccountNode } from '../modules/networks/network.node.js';
import { notificationNode } from '../modules/notifications/notification.node.js';
import { postNode } from '../modules/posts/post.node.js';
import { teamCreatorCommentNode, teamCreatorNode, teamInvitationNode, teamManagedAccountNode, teamMemberNode, teamNode, teamReportNode, teamStageNode } from '../modules/teams/team.node.js';
import { loginMethodNode, userNode } from '../modules/users/user.node.js';
import { webhookDeliveryNode, webhookNode } from '../modules/webhooks/webhook.node.js';

/** Every type `node(id:)` can fetch; each module says how, with its own permission check. */
export const NODE_TYPES: readonly AnyNodeType[] = [networkNode, creditRoleNode, socialAccountNode, postNode, creditNode, userNode, loginMethodNode, teamNode, teamMemberNode, teamInvitationNode, teamManagedAccountNode, teamStageNode, teamCreatorNode, teamCreatorCommentNode, teamReportNode, notificationNode, webhookNode, webhookDeliveryNode, personalAccessTokenNode, listNode, invoiceNode, creditReportNode, bulkImportNode];
