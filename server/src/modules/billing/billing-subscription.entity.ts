import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Team } from '../teams/index.js';
import { User } from '../users/index.js';
import { BillingPlanEnum, SubscriptionStatusEnum, type BillingPlan, type SubscriptionStatus } from './billing.enums.js';

/**
 * A Stripe subscription as last read from Stripe (never from an event's copy, which may be
 * older than one already handled): PRO for a user, or a plan for a team.
 */
@ObjectType('BillingSubscription', { description: 'A paid subscription: its plan, seats, status and billing period.' })
@Entity({ tableName: 'subscriptions' })
export class BillingSubscription {
  [OptionalProps]?: 'seats' | 'collectionMethod' | 'cancelAtPeriodEnd' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 255, unique: 'subscriptions_stripe_subscription_id_unique' })
  stripeSubscriptionId!: string;

  @Property({ type: 'string', length: 255 })
  stripeCustomerId!: string;

  @Index({ name: 'subscriptions_user_id_index' })
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Index({ name: 'subscriptions_team_id_index' })
  @ManyToOne(() => Team, { ref: true, nullable: true, deleteRule: 'set null' })
  team: Ref<Team> | null = null;

  @Field(() => BillingPlanEnum, { description: 'The plan paid for: PRO for one person, TEAMS or STARTER for a team.' })
  @Property({ type: 'string', length: 16 })
  plan!: BillingPlan;

  @Field(() => SubscriptionStatusEnum, { description: 'Where it stands, as the card processor reports it: ACTIVE, TRIALING and PAST_DUE give PRO; a team plan needs ACTIVE.' })
  @Property({ type: 'string', length: 32 })
  status!: SubscriptionStatus;

  @Field(() => Int, { description: 'Seats paid for: 1 for PRO; a team plan’s base seats plus any added.' })
  @Property({ type: 'integer', default: 1 })
  seats: number = 1;

  /** charge_automatically (card) or send_invoice (paid by invoice, which sets the team's invoice expiry). */
  @Property({ type: 'string', length: 32, default: 'charge_automatically' })
  collectionMethod: string = 'charge_automatically';

  @Field(() => Boolean, { description: 'True when the subscription ends at currentPeriodEnd instead of renewing.' })
  @Property({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean = false;

  @Field(() => Date, { nullable: true, description: 'When the current period ends: the renewal date, or the expiry when cancelAtPeriodEnd is true.' })
  @Property({ type: 'datetime', nullable: true })
  currentPeriodEnd: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When the free trial ends, for a subscription that has one.' })
  @Property({ type: 'datetime', nullable: true })
  trialEnd: Date | null = null;

  @Field(() => Date, { description: 'When the subscription started.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
