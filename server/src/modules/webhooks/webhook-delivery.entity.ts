import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { Webhook } from './webhook.entity.js';
import { WebhookDeliveryOutcomeEnum, WebhookEventEnum, type WebhookDeliveryOutcome } from './webhook.enums.js';
import type { WebhookEventType } from './webhook-events.js';

/** The part of a delivery's body that is not in its columns, kept so it can be sent again as it was. */
export interface WebhookDeliveryPayload {
  /** When the event happened (ISO 8601). */
  createdAt: string;
  data: unknown;
}

/** One attempt to deliver one event to one webhook: the delivery log its owner reads. */
@ObjectType('WebhookDelivery', { implements: Node, description: 'One attempt to deliver an event to a webhook.' })
@Entity({ tableName: 'webhook_deliveries' })
@Index({ name: 'webhook_deliveries_webhook_id_index', properties: ['webhook', 'id'] })
@Index({ name: 'webhook_deliveries_created_at_index', properties: ['createdAt'] })
export class WebhookDelivery {
  [OptionalProps]?: 'createdAt' | 'responseExcerpt' | 'payload' | 'redeliveryOf' | 'isRedelivery';

  @Field(() => Int, { name: 'databaseId', description: 'The delivery’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Webhook, { ref: true, deleteRule: 'cascade' })
  webhook!: Ref<Webhook>;

  @Field(() => String, { description: 'The event’s id (Byline-Event-Id): the same on every attempt, so receivers can skip repeats.' })
  @Property({ type: 'string', length: 40 })
  eventId!: string;

  @Field(() => WebhookEventEnum, { description: 'The event this delivery carries.' })
  @Property({ type: 'string', length: 32 })
  event!: WebhookEventType;

  @Field(() => Int, { description: '1 for the first try, 2 for the first retry…' })
  @Property({ type: 'smallint' })
  attempt!: number;

  @Field(() => WebhookDeliveryOutcomeEnum, { description: 'How the attempt ended: SUCCEEDED, RETRYING or FAILED.' })
  @Property({ type: 'string', length: 16 })
  outcome!: WebhookDeliveryOutcome;

  @Field(() => Int, { nullable: true, description: 'The receiver’s HTTP status; null when no answer came (timeout, refused address, connection failure).' })
  @Property({ type: 'smallint', nullable: true })
  responseStatus: number | null = null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds from sending to the answer (or to giving up).' })
  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Field(() => String, { nullable: true, description: 'Why the attempt did not succeed, in words.' })
  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Field(() => String, { nullable: true, description: 'The start of the receiver’s answer (at most 500 characters); null when no answer came or it was empty.' })
  @Property({ type: 'text', nullable: true })
  responseExcerpt: string | null = null;

  /** What a redelivery sends again: the event's time and data. Null on attempts logged before it was kept. */
  @Property({ type: 'json', nullable: true })
  payload: WebhookDeliveryPayload | null = null;

  /** The delivery its owner asked to send again, when this attempt is such a redelivery. */
  @ManyToOne(() => WebhookDelivery, { ref: true, nullable: true, deleteRule: 'set null' })
  redeliveryOf: Ref<WebhookDelivery> | null = null;

  @Field(() => Boolean, { name: 'redelivery', description: 'True when the webhook’s owner asked for this event to be sent again (header Byline-Redelivery).' })
  get isRedelivery(): boolean {
    return this.redeliveryOf !== null;
  }

  @Field(() => Date, { description: 'When the attempt was made.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
