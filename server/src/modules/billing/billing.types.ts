import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { TeamPlan, TeamStatus } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { TeamPlanEnum, TeamStatusEnum, Team } from '../teams/index.js';
import { BillingSubscription } from './billing-subscription.entity.js';
import { BillingPlanEnum, SubscriptionStatusEnum, type BillingPlan, type SubscriptionStatus } from './billing.enums.js';
import { Invoice } from './invoice.entity.js';

@InputType('CreateBillingPortalSessionInput', { description: 'Where the card processor’s billing portal returns to.' })
export class CreateBillingPortalSessionInput {
  @Field(() => String, { description: 'A path on this site (e.g. /teams/7/billing) the portal returns to.' }) returnPath!: string;
}

@ObjectType('CreateBillingPortalSessionPayload', { description: 'What createBillingPortalSession answers: the portal address to send the person to.' })
export class CreateBillingPortalSessionPayload {
  @Field(() => String, { description: 'The portal’s address: send the person there; it is valid for a short while.' }) url!: string;
}

@InputType('StartCheckoutInput', { description: 'The plan to buy, the team it is for, and where to come back to.' })
export class StartCheckoutInput {
  @Field(() => BillingPlanEnum, { description: 'PRO for the viewer, or TEAMS / STARTER for a team the viewer manages.' }) plan!: BillingPlan;
  @Field(() => ID, { nullable: true, description: 'The team a team plan is for (its global id); leave out for PRO.' }) teamId?: string | null;
  @Field(() => String, { description: 'A path on this site (e.g. /creators) Checkout returns to, paid or cancelled.' }) returnTo!: string;
}

@ObjectType('StartCheckoutPayload', { description: 'What startCheckout answers: the Checkout address to send the person to.' })
export class StartCheckoutPayload {
  @Field(() => String, { description: 'The Checkout page’s address: send the person there to pay.' }) url!: string;
}

@InputType('ChangeTeamSeatsInput', { description: 'The team and its new number of seats.' })
export class ChangeTeamSeatsInput {
  @Field(() => ID, { description: 'The team (its global id); the viewer must manage it.' }) teamId!: string;
  @Field(() => Int, { description: 'Seats in total, the plan’s base seats included (Teams Plan 10, Starter Plan 3), at most 1000.' }) seats!: number;
}

@ObjectType('ChangeTeamSeatsPayload', { description: 'What changeTeamSeats answers: the team and its subscription with the new seats.' })
export class ChangeTeamSeatsPayload {
  @Field(() => Team, { description: 'The team with its new seats.' }) team!: Team;
  @Field(() => BillingSubscription, { description: 'The team’s subscription with its new seats (changes are prorated).' }) subscription!: BillingSubscription;
}

@ObjectType('BillingStatus', { description: 'The viewer’s own plan.' })
export class BillingStatus {
  @Field(() => Boolean, { description: 'Whether payments can be taken here; false: upgrading is not possible right now.' }) configured!: boolean;
  @Field(() => Boolean, { description: 'Every plan’s features are open to everyone here (no billing): nothing needs an upgrade.' }) plansOpen!: boolean;
  @Field(() => Boolean, { description: 'The viewer has PRO: paid, given (Free PRO, Team PRO) or through a paid team.' }) hasPro!: boolean;
  @Field(() => BillingSubscription, { nullable: true, description: 'The viewer’s PRO subscription, when they pay for PRO themself.' }) proSubscription!: BillingSubscription | null;
  @Field(() => Date, { nullable: true, description: 'PRO an admin gave the viewer, invoiced outside Stripe, lasts until then (2500-12-31: never expires); null when none is current.' }) invoicedProUntil!: Date | null;
  @Field(() => Boolean, { description: 'Every subscription the viewer started is still in its free trial, started within the last 14 days; false for someone who never subscribed.' }) isTrialOnly!: boolean;
}

export const InvoiceConnection = connectionType('Invoice', Invoice);

/** The parent of TeamBilling's invoices: the team's number travels with it. */
@ObjectType('TeamBilling', { description: 'What a team pays for: plan, seats, status, renewal or expiry, and invoices. For its managers and admins.' })
export class TeamBilling {
  teamId!: number;
  @Field(() => TeamPlanEnum, { nullable: true, description: 'Null until the team chooses a plan.' }) plan!: TeamPlan | null;
  @Field(() => TeamStatusEnum, { description: 'ACTIVE once paid for; a new team is INACTIVE until then.' }) status!: TeamStatus;
  @Field(() => SubscriptionStatusEnum, { nullable: true, description: 'Status of the card subscription; null when the team never had one.' }) subscriptionStatus!: SubscriptionStatus | null;
  @Field(() => Boolean, { description: 'Active team with an unexpired invoice or an active subscription.' }) isActive!: boolean;
  @Field(() => Int, { nullable: true, description: 'Seats included in the plan (Teams Plan 10, Starter Plan 3).' }) baseSeats!: number | null;
  @Field(() => Int, { nullable: true, description: 'Seats paid for, base seats included; null without a subscription.' }) seats!: number | null;
  @Field(() => Date, { nullable: true, description: 'When the subscription renews; null when it does not (cancelled, ending, or none).' }) renewsAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When paid access ends: a subscription set to end, else a paid invoice’s expiry. Null: no end set.' }) expiresAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'For teams paying by invoice: access lasts until this moment (2500-12-31 means no expiry).' }) externalInvoiceExpiration!: Date | null;
  @Field(() => BillingSubscription, { nullable: true, description: 'The card subscription that speaks for the team: one that grants access, else the newest.' }) subscription!: BillingSubscription | null;
}

