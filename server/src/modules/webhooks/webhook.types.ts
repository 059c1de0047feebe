import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { WebhookEventEnum } from './webhook.enums.js';
import type { WebhookEventType } from './webhook-events.js';

export const WebhookConnection = connectionType('Webhook', Webhook, { totalCount: true });
export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDelivery, { totalCount: true });

@InputType('CreateWebhookInput')
export class CreateWebhookInput {
  @Field(() => String, { description: 'Where to POST events: https (http is accepted on development servers only), at most 2048 characters, a public address.' })
  url!: string;

  @Field(() => [WebhookEventEnum], { description: 'The events to send: at least one.' })
  events!: WebhookEventType[];

  @Field(() => Boolean, { defaultValue: true, description: 'False: registered but sent nothing until turned on.' })
  active!: boolean;
}

@ObjectType('CreateWebhookPayload')
export class CreateWebhookPayload {
  @Field(() => Webhook) webhook!: Webhook;

  @Field(() => String, { description: 'The signing secret (whsec_…): shown this once, store it in your receiver now.' })
  secret!: string;
}

@InputType('UpdateWebhookInput')
export class UpdateWebhookInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'A new URL; omitted or null keeps it.' }) url?: string | null;
  @Field(() => [WebhookEventEnum], { nullable: true, description: 'The new set of events (replaces the old); omitted or null keeps it.' }) events?: WebhookEventType[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Turn sending on or off; omitted or null keeps it.' }) active?: boolean | null;
}

@ObjectType('UpdateWebhookPayload')
export class UpdateWebhookPayload {
  @Field(() => Webhook) webhook!: Webhook;
}

@InputType('RotateWebhookSecretInput')
export class RotateWebhookSecretInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
}

@ObjectType('RotateWebhookSecretPayload')
export class RotateWebhookSecretPayload {
  @Field(() => Webhook) webhook!: Webhook;

  @Field(() => String, { description: 'The new signing secret: shown this once. The old one stops signing at once.' })
  secret!: string;
}

@InputType('DeleteWebhookInput')
export class DeleteWebhookInput {
  @Field(() => ID, { description: 'The webhook’s global id.' }) id!: string;
}

@ObjectType('DeleteWebhookPayload')
export class DeleteWebhookPayload {
  @Field(() => ID, { description: 'The global id of the webhook that was deleted, with its delivery log.' }) deletedWebhookId!: string;
}

@InputType('RedeliverWebhookDeliveryInput')
export class RedeliverWebhookDeliveryInput {
  @Field(() => ID, { description: 'The global id of the logged delivery whose event to send again.' }) id!: string;
}

@ObjectType('RedeliverWebhookDeliveryPayload')
export class RedeliverWebhookDeliveryPayload {
  @Field(() => Webhook, { description: 'The webhook the event is sent to again.' }) webhook!: Webhook;

  @Field(() => WebhookDelivery, { description: 'The delivery that was asked for again; it stays in the log as it was. The new attempt appears in the webhook’s deliveries once made, with its own id.' })
  redeliveredDelivery!: WebhookDelivery;
}
