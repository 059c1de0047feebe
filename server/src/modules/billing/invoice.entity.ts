import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { Team } from '../teams/index.js';
import { BillingSubscription } from './billing-subscription.entity.js';
import { InvoiceStatusEnum, type InvoiceStatus } from './billing.enums.js';

/** An invoice Stripe sent for a subscription, as last read from Stripe. */
@ObjectType('Invoice', { implements: Node, description: 'An invoice for a subscription: amount, status and a page to view or pay it.' })
@Entity({ tableName: 'invoices' })
@Index({ name: 'invoices_subscription_id_index', properties: ['subscription', 'id'] })
@Index({ name: 'invoices_team_id_index', properties: ['team', 'id'] })
export class Invoice {
  [OptionalProps]?: 'amountDue' | 'amountPaid' | 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The invoice’s number in Byline’s database; use id for everything else.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 255, unique: 'invoices_stripe_invoice_id_unique' })
  stripeInvoiceId!: string;

  @ManyToOne(() => BillingSubscription, { ref: true, deleteRule: 'cascade' })
  subscription!: Ref<BillingSubscription>;

  /** The team billed, copied from the subscription so a page of teams lists their invoices in one query. */
  @ManyToOne(() => Team, { ref: true, nullable: true, deleteRule: 'cascade' })
  team: Ref<Team> | null = null;

  @Field(() => String, { nullable: true, description: 'The invoice number printed on it; null for a draft.' })
  @Property({ type: 'string', length: 64, nullable: true })
  number: string | null = null;

  @Field(() => InvoiceStatusEnum, { description: 'Where the invoice stands: DRAFT, OPEN (waiting for payment), PAID, UNCOLLECTIBLE or VOID.' })
  @Property({ type: 'string', length: 16 })
  status!: InvoiceStatus;

  @Field(() => Int, { description: 'Amount due, in the currency’s smallest unit (cents).' })
  @Property({ type: 'integer', default: 0 })
  amountDue: number = 0;

  @Field(() => Int, { description: 'Amount paid, in the currency’s smallest unit (cents).' })
  @Property({ type: 'integer', default: 0 })
  amountPaid: number = 0;

  @Field(() => String, { description: 'Three-letter ISO currency code, lower case (usd).' })
  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Field(() => String, { nullable: true, description: 'A page where the invoice can be viewed, downloaded and paid.' })
  @Property({ type: 'text', nullable: true })
  hostedInvoiceUrl: string | null = null;

  @Field(() => Date, { nullable: true, description: 'End of the period the invoice bills for.' })
  @Property({ type: 'datetime', nullable: true })
  periodEnd: Date | null = null;

  @Field(() => Date, { description: 'When the invoice was created.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
