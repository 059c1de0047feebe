import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { AUDIT_LOG_SIZE } from '../../../../domain/constants.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import type { RequestContext } from '../users/index.js';
import { recentActionsOf } from '../audit/index.js';
import { requireAdminViewer } from './admin.policy.js';
import { AuditLogEntry } from './admin-audit.types.js';

@Resolver()
export class AdminAuditResolver {
  @Query(() => [AuditLogEntry], {
    description: `Admins only (anyone else: not found): a person’s recorded actions, newest first, at most ${AUDIT_LOG_SIZE}.`,
  })
  async adminUserAuditLog(@Arg('userId', () => ID, { description: 'The person’s global id.' }) userId: string, @Ctx() context: RequestContext): Promise<AuditLogEntry[]> {
    requireAdminViewer(context.viewer);
    const rows = await recentActionsOf(context.em, parseGlobalId(userId, 'User'), AUDIT_LOG_SIZE);
    return rows.map((row) => ({
      action: row.action,
      subject: row.target,
      subjectId: row.targetId,
      byAdminActingAsThem: row.masqueradingAdminId !== null,
      createdAt: row.createdAt,
    }));
  }
}
