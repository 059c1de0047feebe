import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAudit } from '../audit/index.js';

/**
 * Records a failed sign-in or sign-up (audit actions `signinError`, `signupError`).
 * Written on its own unit of work and at once, since the request is about to fail.
 */
export async function recordAuthFailure(
  em: EntityManager,
  action: 'signinError' | 'signupError',
  details: { reason: string; email?: string | null; userId?: number | null },
): Promise<void> {
  const auditEm = em.fork();
  recordAudit(auditEm, { actorId: details.userId ?? null, masqueradingAdminId: null }, {
    action,
    target: 'users',
    targetId: details.userId ?? null,
    fields: { reason: details.reason, ...(details.email ? { email: details.email } : {}) },
  });
  await auditEm.flush();
}
