import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction } from '../../../../domain/enums.js';
import { AuditLog } from './audit-log.entity.js';

export interface AuditEvent {
  action: AuditAction;
  target: string;
  targetId?: string | number | null;
  fields?: Record<string, unknown>;
}

/**
 * Records what someone did. `actorId` is who acted (the user acted as, while masquerading)
 * and `masqueradingAdminId` the admin behind them, so both identities are kept.
 * Joins the caller's unit of work: flushed with the change it describes.
 */
export function recordAudit(
  em: EntityManager,
  who: { actorId: number | null; masqueradingAdminId: number | null },
  event: AuditEvent,
): AuditLog {
  return em.create(AuditLog, {
    action: event.action,
    actorId: who.actorId,
    masqueradingAdminId: who.masqueradingAdminId,
    target: event.target.slice(0, 64),
    targetId: event.targetId === null || event.targetId === undefined ? null : String(event.targetId).slice(0, 64),
    fields: event.fields ?? {},
  });
}

/** The identities of a request's viewer (any module's `Viewer` fits). */
export function auditViewer(viewer: { user: { id: number }; masqueradingAdminId: number | null } | null): { actorId: number | null; masqueradingAdminId: number | null } {
  return { actorId: viewer?.user.id ?? null, masqueradingAdminId: viewer?.masqueradingAdminId ?? null };
}

/**
 * What one person did, newest first, at most `limit` rows: the admin user page's audit log
 * (docs/product.md §Audit log). Rows made while an admin acted as them count as theirs. One
 * probe of the (actor_id, created_at) index.
 */
export function recentActionsOf(em: EntityManager, actorId: number, limit: number): Promise<AuditLog[]> {
  return em.find(AuditLog, { actorId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
}
