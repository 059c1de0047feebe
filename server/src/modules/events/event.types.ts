import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { Post } from '../posts/index.js';
import { Event } from './event.entity.js';

@InputType('EventPlaceInput', { description: 'A city, picked from the place list: its name and geohash.' })
export class EventPlaceInput {
  @Field(() => String, { description: 'How the city reads, e.g. "Lisbon, Portugal"; 1 to 200 characters.' }) name!: string;
  @Field(() => String, { description: 'The city’s geohash, 1 to 9 characters.' }) geohash!: string;
}

@InputType('CreateEventInput', { description: 'A new event (admins only): its tag’s name, its address, its days and optionally its place.' })
export class CreateEventInput {
  @Field(() => String, { description: 'The event’s name, which is its tag’s name.' }) name!: string;
  @Field(() => String, { description: 'The page’s address, /{slug}.' }) slug!: string;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) startsOn!: string;
  @Field(() => String, { description: 'YYYY-MM-DD, not before startsOn.' }) endsOn!: string;
  @Field(() => EventPlaceInput, { nullable: true, description: 'The city it takes place in; omit for none.' }) place?: EventPlaceInput | null;
  @Field(() => String, { nullable: true, description: 'What the cover shows.' }) coverAlt?: string | null;
}

@InputType('UpdateEventInput', { description: 'Changes to an event (admins only); a field left out stays as it is, a null place clears it.' })
export class UpdateEventInput {
  @Field(() => ID, { description: 'The Event to change.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'A new name; renames its tag too.' }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'A new address: 3 to 40 lower-case letters, digits and single hyphens, not a reserved name or a username.' }) slug?: string | null;
  @Field(() => String, { nullable: true, description: 'A new first day, YYYY-MM-DD.' }) startsOn?: string | null;
  @Field(() => String, { nullable: true, description: 'A new last day, YYYY-MM-DD, not before the first.' }) endsOn?: string | null;
  @Field(() => EventPlaceInput, { nullable: true, description: 'A new city; null clears it.' }) place?: EventPlaceInput | null;
  @Field(() => String, { nullable: true, description: 'What the cover shows, for screen readers.' }) coverAlt?: string | null;
}

@InputType('AddPostEventInput', { description: 'The post to tag and the event whose tag it gets.' })
export class AddPostEventInput {
  @Field(() => ID, { description: 'The Post to tag; you must be allowed to credit other people on it.' }) postId!: string;
  @Field(() => ID, { description: 'The Event whose tag the post gets.' }) eventId!: string;
}

@InputType('RemovePostEventInput', { description: 'The post and the event whose tag comes off it.' })
export class RemovePostEventInput {
  @Field(() => ID, { description: 'The Post to untag; you must be allowed to credit other people on it.' }) postId!: string;
  @Field(() => ID, { description: 'The Event whose tag comes off.' }) eventId!: string;
}

@ObjectType('CreateEventPayload', { description: 'What createEvent answers: the new event.' })
export class CreateEventPayload {
  @Field(() => Event, { description: 'The new event, its page at /{slug}.' }) event!: Event;
}

@ObjectType('UpdateEventPayload', { description: 'What updateEvent answers: the event as changed.' })
export class UpdateEventPayload {
  @Field(() => Event, { description: 'The event as it is now.' }) event!: Event;
}

@ObjectType('AddPostEventPayload', { description: 'The post, with its events as they now are.' })
export class AddPostEventPayload {
  @Field(() => Post, { description: 'The post, now carrying the event’s tag.' }) post!: Post;
}

@ObjectType('RemovePostEventPayload', { description: 'The post, with its events as they now are.' })
export class RemovePostEventPayload {
  @Field(() => Post, { description: 'The post, without the event’s tag.' }) post!: Post;
}

export const EventConnection = connectionType('Event', Event);
