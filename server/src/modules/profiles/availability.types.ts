import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { CreditRole } from '../credits/index.js';
import { User } from '../users/index.js';

@ObjectType('Availability', { description: 'Whether a creator is open to work, for which roles and from when. Shown on their profile and in the creator search.' })
export class AvailabilityType {
  @Field(() => Boolean, { description: 'True shows the "Open to work" badge and lets creator search find them; false shows and finds nothing (the roles and day are kept).' }) openToWork!: boolean;
  @Field(() => [CreditRole], { description: 'The credit roles they are open to work in, in the roles’ order (at most 20); empty: any.' }) roles!: CreditRole[];
  @Field(() => String, { nullable: true, description: 'The first day they can start (YYYY-MM-DD); null: now.' }) availableFrom!: string | null;
}

@InputType('UpdateAvailabilityInput', { description: 'The viewer’s availability: open to work or not, for which roles, from which day.' })
export class UpdateAvailabilityInput {
  @Field(() => Boolean, { description: 'True to show as open to work; false keeps the roles and day for next time but shows nothing.' }) openToWork!: boolean;
  @Field(() => [ID], { description: 'CreditRole ids (any but Brand), at most 20; empty: any role.' }) roleIds!: string[];
  @Field(() => String, { nullable: true, description: 'The first day they can start, YYYY-MM-DD; null: now.' }) availableFrom?: string | null;
}

@ObjectType('UpdateAvailabilityPayload', { description: 'The viewer with their availability as saved.' })
export class UpdateAvailabilityPayload {
  @Field(() => User, { description: 'The viewer; read availability for what was saved.' }) user!: User;
}
