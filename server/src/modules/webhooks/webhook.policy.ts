import type { Viewer } from '../users/index.js';
import type { Webhook } from './webhook.entity.js';

/**
 * Webhooks are their owner's alone: only the owner sees one, its secret's hint and its delivery
 * log, and only the owner changes or deletes it. Admins included: a webhook's log shows what an
 * integration receives, and its URL may carry the integrator's own tokens. Everyone else is
 * answered "not found", so a webhook's existence is not given away either.
 */
export function canManageWebhook(viewer: Viewer | null, webhook: Pick<Webhook, 'user'>): boolean {
  return viewer !== null && webhook.user.id === viewer.user.id;
}

/** The same rule as a query condition, for lists and node(id:). */
export function ownWebhooksFilter(viewer: Viewer): { user: number } {
  return { user: viewer.user.id };
}
