/**
 * What the webhooks module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { WebhookDelivery } from './webhook-delivery.entity.js';
export { emitWebhookEvent } from './webhook-emit.js';
export { postImportedEvent } from './webhook-events.js';
export { purgeOldDeliveries } from './webhook-purge.js';
export { startWebhookReceiver } from './webhook-receiver.test-support.js';
export type { WebhookReceiver } from './webhook-receiver.test-support.js';
export { Webhook } from './webhook.entity.js';
export { webhookDeliveryNode, webhookNode } from './webhook.node.js';
export { WebhookResolver } from './webhook.resolver.js';
export { startWebhooksModule } from './webhooks.module.js';
