import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { TeamPlan } from '../../../../domain/enums.js';
import { Team, TeamPlanEnum } from '../teams/index.js';
import { User } from '../users/index.js';

const EXPIRY = 'Access lasts until this moment; leave out for a plan that never expires (stored as 2500-12-31). A moment now or past ends what was given.';

@InputType('GiveInvoicedProInput', { description: 'PRO for a person, invoiced outside Stripe (admins only).' })
export class GiveInvoicedProInput {
  @Field(() => ID, { description: 'The person (a User id).' }) userId!: string;
  @Field(() => Date, { nullable: true, description: EXPIRY }) expiresAt?: Date | null;
}

@InputType('GiveInvoicedTeamPlanInput', { description: 'A team plan, invoiced outside Stripe (admins only).' })
export class GiveInvoicedTeamPlanInput {
  @Field(() => ID, { description: 'The team (a Team id).' }) teamId!: string;
  @Field(() => TeamPlanEnum, { description: 'Teams Plan (10 base seats) or Starter Plan (3).' }) plan!: TeamPlan;
  @Field(() => Date, { nullable: true, description: EXPIRY }) expiresAt?: Date | null;
}

@ObjectType('GiveInvoicedProPayload', { description: 'What giveInvoicedPro answers: the person with their PRO.' })
export class GiveInvoicedProPayload {
  @Field(() => User, { description: 'The person, PRO until the expiry given.' }) user!: User;
}

@ObjectType('GiveInvoicedTeamPlanPayload', { description: 'What giveInvoicedTeamPlan answers: the team with its plan.' })
export class GiveInvoicedTeamPlanPayload {
  @Field(() => Team, { description: 'The team, on the plan until the expiry given.' }) team!: Team;
}
