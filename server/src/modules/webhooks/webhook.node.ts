import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { findVisibleDeliveries, findVisibleWebhooks } from './webhook.service.js';

/** Only the owner fetches a webhook or one of its deliveries (webhook.policy.ts). */
export const webhookNode: NodeType<Webhook, RequestContext> = {
  typeName: 'Webhook',
  classType: Webhook,
  loadVisible: ({ em, viewer }, ids) => findVisibleWebhooks(em, viewer, ids),
};

export const webhookDeliveryNode: NodeType<WebhookDelivery, RequestContext> = {
  typeName: 'WebhookDelivery',
  classType: WebhookDelivery,
  loadVisible: ({ em, viewer }, ids) => findVisibleDeliveries(em, viewer, ids),
};
