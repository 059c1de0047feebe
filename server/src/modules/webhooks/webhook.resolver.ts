import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { requireViewer } from '../users/index.js';
import type { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { canManageWebhook } from './webhook.policy.js';
import {
  createWebhook,
  deleteWebhook,
  findOwnDelivery,
  findOwnWebhook,
  listDeliveries,
  listOwnWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookSettings,
} from './webhook.service.js';
import {
  CreateWebhookInput,
  CreateWebhookPayload,
  DeleteWebhookInput,
  DeleteWebhookPayload,
  RedeliverWebhookDeliveryInput,
  RedeliverWebhookDeliveryPayload,
  RotateWebhookSecretInput,
  RotateWebhookSecretPayload,
  UpdateWebhookInput,
  UpdateWebhookPayload,
  WebhookConnection,
  WebhookDeliveryConnection,
} from './webhook.types.js';

function settingsOf(context: RequestContext): WebhookSettings {
  return { env: context.config.env, privateOrigins: context.config.webhookPrivateOrigins, jwtSecret: context.config.jwtSecret };
}

@Resolver(() => Webhook)
export class WebhookResolver {
  @Query(() => WebhookConnection, { description: 'The viewer’s webhooks, newest first (at most 20 per account).' })
  webhooks(@Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<Webhook>> {
    return listOwnWebhooks(context.em, requireViewer(context), readKeysetPage(page));
  }

  @FieldResolver(() => WebhookDeliveryConnection, { description: 'Every delivery attempt, newest first.' })
  deliveries(@Root() webhook: Webhook, @Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<WebhookDelivery>> {
    // A webhook reaches a client only through its owner's queries, but the log is checked here too.
    if (!canManageWebhook(context.viewer, webhook)) throw new NotFound('Webhook not found');
    return listDeliveries(context.em, webhook.id, readKeysetPage(page));
  }

  @Mutation(() => CreateWebhookPayload, { description: 'Registers a webhook; its signing secret is in this answer only.' })
  async createWebhook(@Arg('input', () => CreateWebhookInput, { description: 'The new webhook.' }) input: CreateWebhookInput, @Ctx() context: RequestContext): Promise<CreateWebhookPayload> {
    const viewer = requireViewer(context);
    const { webhook, secret } = await createWebhook(context.em, viewer, input, settingsOf(context));
    recordAudit(context.em, auditViewer(viewer), { action: 'create', target: 'webhooks', targetId: webhook.id, fields: { url: webhook.url, events: webhook.events } });
    await context.em.flush();
    return { webhook, secret };
  }

  @Mutation(() => UpdateWebhookPayload, { description: 'Changes a webhook’s URL, events or whether it is on.' })
  async updateWebhook(@Arg('input', () => UpdateWebhookInput, { description: 'The webhook and what changes.' }) input: UpdateWebhookInput, @Ctx() context: RequestContext): Promise<UpdateWebhookPayload> {
    const viewer = requireViewer(context);
    const found = await findOwnWebhook(context.em, viewer, parseGlobalId(input.id, 'Webhook'));
    const webhook = updateWebhook(found, input, settingsOf(context));
    recordAudit(context.em, auditViewer(viewer), { action: 'update', target: 'webhooks', targetId: webhook.id, fields: { url: webhook.url, events: webhook.events, active: webhook.active } });
    await context.em.flush();
    return { webhook };
  }

  @Mutation(() => RotateWebhookSecretPayload, { description: 'Gives a webhook a new signing secret, shown in this answer only; the old one stops at once.' })
  async rotateWebhookSecret(@Arg('input', () => RotateWebhookSecretInput, { description: 'The webhook whose secret to replace.' }) input: RotateWebhookSecretInput, @Ctx() context: RequestContext): Promise<RotateWebhookSecretPayload> {
    const viewer = requireViewer(context);
    const webhook = await findOwnWebhook(context.em, viewer, parseGlobalId(input.id, 'Webhook'));
    const secret = rotateWebhookSecret(webhook, settingsOf(context));
    recordAudit(context.em, auditViewer(viewer), { action: 'update', target: 'webhooks', targetId: webhook.id, fields: { secret: 'rotated' } });
    await context.em.flush();
    return { webhook, secret };
  }

  @Mutation(() => DeleteWebhookPayload, { description: 'Deletes a webhook and its delivery log; nothing more is sent to it.' })
  async deleteWebhook(@Arg('input', () => DeleteWebhookInput, { description: 'The webhook to delete.' }) input: DeleteWebhookInput, @Ctx() context: RequestContext): Promise<DeleteWebhookPayload> {
    const viewer = requireViewer(context);
    const webhook = await findOwnWebhook(context.em, viewer, parseGlobalId(input.id, 'Webhook'));
    await deleteWebhook(context.em, webhook);
    recordAudit(context.em, auditViewer(viewer), { action: 'delete', target: 'webhooks', targetId: webhook.id });
    await context.em.flush();
    return { deletedWebhookId: toGlobalId('Webhook', webhook.id) };
  }

  @Mutation(() => RedeliverWebhookDeliveryPayload, {
    description: 'Sends a logged delivery’s event again, with the same event id and body and the header Byline-Redelivery: true. Only the webhook’s owner may; at most 60 an hour.',
  })
  async redeliverWebhookDelivery(
    @Arg('input', () => RedeliverWebhookDeliveryInput, { description: 'The delivery to send again.' }) input: RedeliverWebhookDeliveryInput,
    @Ctx() context: RequestContext,
  ): Promise<RedeliverWebhookDeliveryPayload> {
    const viewer = requireViewer(context);
    const delivery = await findOwnDelivery(context.em, viewer, parseGlobalId(input.id, 'WebhookDelivery'));
    await redeliverWebhookDelivery(context.em, viewer, delivery);
    const webhook = delivery.webhook.getEntity();
    recordAudit(context.em, auditViewer(viewer), { action: 'create', target: 'webhook_deliveries', targetId: webhook.id, fields: { redeliveryOf: delivery.id, eventId: delivery.eventId } });
    await context.em.flush();
    return { webhook, redeliveredDelivery: delivery };
  }
}
