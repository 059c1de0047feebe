import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A Stripe webhook event, stored once by Stripe's id: a repeat delivery finds it and is skipped. */
@Entity({ tableName: 'stripe_events' })
export class StripeEvent {
  [OptionalProps]?: 'receivedAt' | 'processedAt';

  @PrimaryKey({ type: 'string', length: 255 })
  id!: string;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  receivedAt: Date = new Date();

  /** Null until handled; an event whose handling failed is not stored, so Stripe's retry runs it again. */
  @Property({ type: 'datetime', nullable: true })
  processedAt: Date | null = null;
}
