import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { Post } from '../posts/index.js';
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

@InputType('AddPostEventInput', { description: 'The post to tag and the event whose tag it gets.' })
export class AddPostEventInput {
  @Field(() => ID) postId!: string;
  @Field(() => ID) eventId!: string;
}

@InputType('RemovePostEventInput', { description: 'The post and the event whose tag comes off it.' })
export class RemovePostEventInput {
  @Field(() => ID) postId!: string;
  @Field(() => ID) eventId!: string;
}

@ObjectType('CreateEventPayload')
export class CreateEventPayload {
  @Field(() => Event) event!: Event;
}

@ObjectType('UpdateEventPayload')
export class UpdateEventPayload {
  @Field(() => Event) event!: Event;
}

@ObjectType('AddPostEventPayload', { description: 'The post, with its events as they now are.' })
export class AddPostEventPayload {
  @Field(() => Post) post!: Post;
}

@ObjectType('RemovePostEventPayload', { description: 'The post, with its events as they now are.' })
export class RemovePostEventPayload {
  @Field(() => Post) post!: Post;
}

export const EventConnection = connectionType('Event', Event);
