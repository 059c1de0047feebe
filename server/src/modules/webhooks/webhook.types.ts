import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { WebhookEventEnum } from './webhook.enums.js';
import type { WebhookEventType } from './webhook-events.js';

export const WebhookConnection = connectionType('Webhook', Webhook, { totalCount: true });
export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDelivery, { totalCount: true });

@InputType('CreateWebhookInput', { description: 'A new webhook: its URL, the events it gets and whether it starts on. At most 20 webhooks per person.' })
export class CreateWebhookInput {
  @Field(() => String, { description: 'Where to POST events: https (http is accepted on development servers only), at most 2048 characters, a public address.' })
  url!: string;

  @Field(() => [WebhookEventEnum], { description: 'The events to send: at least one.' })
  events!: WebhookEventType[];

  @Field(() => Boolean, { defaultValue: true, description: 'False: registered but sent nothing until turned on.' })
  active!: boolean;
}

@ObjectType('CreateWebhookPayload', { description: 'The webhook registered and its signing secret.' })
export class CreateWebhookPayload {
  @Field(() => Webhook, { description: 'The new webhook.' }) webhook!: Webhook;

  @Field(() => String, { description: 'The signing secret (whsec_…): shown this once, store it in your receiver now.' })
  secret!: string;
}

@InputType('UpdateWebhookInput', { description: 'A webhook of the viewer’s and what changes.' })
export class UpdateWebhookInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'A new URL; omitted or null keeps it.' }) url?: string | null;
  @Field(() => [WebhookEventEnum], { nullable: true, description: 'The new set of events (replaces the old); omitted or null keeps it.' }) events?: WebhookEventType[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Turn sending on or off; omitted or null keeps it.' }) active?: boolean | null;
}

@ObjectType('UpdateWebhookPayload', { description: 'The webhook after the change.' })
export class UpdateWebhookPayload {
  @Field(() => Webhook, { description: 'The webhook, as it now is.' }) webhook!: Webhook;
}

@InputType('RotateWebhookSecretInput', { description: 'The webhook to give a new signing secret.' })
export class RotateWebhookSecretInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
}

@ObjectType('RotateWebhookSecretPayload', { description: 'The webhook and its new signing secret.' })
export class RotateWebhookSecretPayload {
  @Field(() => Webhook, { description: 'The webhook, with the new secret’s last characters.' }) webhook!: Webhook;

  @Field(() => String, { description: 'The new signing secret: shown this once. The old one stops signing at once.' })
  secret!: string;
}

@InputType('DeleteWebhookInput', { description: 'The webhook to delete.' })
export class DeleteWebhookInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
}

@ObjectType('DeleteWebhookPayload', { description: 'Which webhook was deleted.' })
export class DeleteWebhookPayload {
  @Field(() => ID, { description: 'The global id of the webhook that was deleted, with its delivery log.' }) deletedWebhookId!: string;
}

@InputType('RedeliverWebhookDeliveryInput', { description: 'The logged delivery whose event to send again.' })
export class RedeliverWebhookDeliveryInput {
  @Field(() => ID, { description: 'The global id of the logged delivery whose event to send again.' }) id!: string;
}

@ObjectType('RedeliverWebhookDeliveryPayload', { description: 'The webhook and the delivery sent again.' })
export class RedeliverWebhookDeliveryPayload {
  @Field(() => Webhook, { description: 'The webhook the event is sent to again.' }) webhook!: Webhook;

  @Field(() => WebhookDelivery, { description: 'The delivery that was asked for again; it stays in the log as it was. The new attempt appears in the webhook’s deliveries once made, with its own id.' })
  redeliveredDelivery!: WebhookDelivery;
}
