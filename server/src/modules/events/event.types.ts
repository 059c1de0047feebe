import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { Event } from './event.entity.js';

@InputType('EventPlaceInput', { description: 'A city, picked from the place list: its name and geohash.' })
export class EventPlaceInput {
  @Field(() => String) name!: string;
  @Field(() => String) geohash!: string;
}

@InputType('CreateEventInput', { description: 'A new event (admins only): its tag’s name, its address, its days and optionally its place.' })
export class CreateEventInput {
  @Field(() => String, { description: 'The event’s name, which is its tag’s name.' }) name!: string;
  @Field(() => String, { description: 'The page’s address, /{slug}.' }) slug!: string;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) startsOn!: string;
  @Field(() => String, { description: 'YYYY-MM-DD, not before startsOn.' }) endsOn!: string;
  @Field(() => EventPlaceInput, { nullable: true }) place?: EventPlaceInput | null;
  @Field(() => String, { nullable: true, description: 'What the cover shows.' }) coverAlt?: string | null;
}

@InputType('UpdateEventInput', { description: 'Changes to an event (admins only); a field left out stays as it is, a null place clears it.' })
export class UpdateEventInput {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) startsOn?: string | null;
  @Field(() => String, { nullable: true }) endsOn?: string | null;
  @Field(() => EventPlaceInput, { nullable: true }) place?: EventPlaceInput | null;
  @Field(() => String, { nullable: true }) coverAlt?: string | null;
}

@InputType('PostEventInput', { description: 'An event’s tag on a post.' })
export class PostEventInput {
  @Field(() => ID) postId!: string;
  @Field(() => ID) eventId!: string;
}

@ObjectType('EventPayload')
export class EventPayload {
  @Field(() => Event) event!: Event;
}

export const EventConnection = connectionType('Event', Event);
