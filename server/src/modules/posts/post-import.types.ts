import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Post } from './post.entity.js';

export enum TrackPostOutcome {
  EXISTING = 'EXISTING',
  IMPORTED = 'IMPORTED',
  QUEUED = 'QUEUED',
}

registerEnumType(TrackPostOutcome, {
  name: 'TrackPostOutcome',
  description: 'What tracking a link did.',
  valuesConfig: {
    EXISTING: { description: 'The post was already in Byline.' },
    IMPORTED: { description: 'The post was imported just now.' },
    QUEUED: { description: 'The import goes on in the background; a notification follows when it is done.' },
  },
});

@InputType('TrackPostInput', { description: 'The link to track.' })
export class TrackPostInput {
  @Field(() => String, { description: 'A link to a post on a supported network, in any of its forms (http or https).' }) url!: string;
}

@ObjectType('TrackPostPayload', { description: 'What tracking a link did, and the post when there is one.' })
export class TrackPostPayload {
  @Field(() => TrackPostOutcome, { description: 'EXISTING, IMPORTED or QUEUED (a notification follows when the import ends).' }) outcome!: TrackPostOutcome;
  @Field(() => Post, { nullable: true, description: 'The post, unless the import is still queued.' }) post!: Post | null;
  @Field(() => String, { description: 'The link as recognised (normalised).' }) url!: string;
}
