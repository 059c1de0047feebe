import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { CreditRole } from '../credits/index.js';
import { User } from '../users/index.js';

@ObjectType('Availability', { description: 'Whether a creator is open to work, for which roles and from when. Shown on their profile and in the creator search.' })
export class AvailabilityType {
  @Field(() => Boolean) openToWork!: boolean;
  @Field(() => [CreditRole], { description: 'The credit roles they are open to work in, in the roles’ order (at most 20); empty: any.' }) roles!: CreditRole[];
  @Field(() => String, { nullable: true, description: 'The first day they can start (YYYY-MM-DD); null: now.' }) availableFrom!: string | null;
}

@InputType('UpdateAvailabilityInput')
export class UpdateAvailabilityInput {
  @Field(() => Boolean) openToWork!: boolean;
  @Field(() => [ID], { description: 'CreditRole ids (any but Brand), at most 20; empty: any role.' }) roleIds!: string[];
  @Field(() => String, { nullable: true, description: 'The first day they can start, YYYY-MM-DD; null: now.' }) availableFrom?: string | null;
}

@ObjectType('UpdateAvailabilityPayload')
export class UpdateAvailabilityPayload {
  @Field(() => User) user!: User;
}
