import { ArrayType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { WebhookEventEnum } from './webhook.enums.js';
import type { WebhookEventType } from './webhook-events.js';

/**
 * An integrator's endpoint that Byline POSTs signed events to. Only fields marked `@Field` are
 * public; the signing secret is never one (it is shown once, in the create payload).
 */
@ObjectType('Webhook', { implements: Node, description: 'An endpoint of yours that Byline POSTs signed events to.' })
@Entity({ tableName: 'webhooks' })
@Index({ name: 'webhooks_user_id_index', properties: ['user'] })
export class Webhook {
  [OptionalProps]?: 'active' | 'createdAt' | 'updatedAt';

  @Field(() => Int, { name: 'databaseId', description: 'The webhook’s number, as in the delivery headers’ Byline-Webhook-Id.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => String, { description: 'Where events are POSTed (https).' })
  @Property({ type: 'text' })
  url!: string;

  @Field(() => [WebhookEventEnum], { description: 'The events sent to it, each at most once.' })
  @Property({ type: new ArrayType((value) => value), columnType: 'text[]' })
  events!: WebhookEventType[];

  /**
   * The signing secret, encrypted (webhook-secret.ts): the server must read it to sign every
   * delivery, so it cannot be hashed like a token.
   */
  @Property({ type: 'text' })
  secretCiphertext!: string;

  @Field(() => String, { description: 'The last characters of the secret, to tell which one your receiver should hold.' })
  @Property({ type: 'string', length: 8 })
  secretHint!: string;

  @Field(() => Boolean, { description: 'False: events are not sent to it until it is turned on again.' })
  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Field(() => Date, { description: 'When it was registered (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When its URL, events, state or secret last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
