import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Post } from './post.entity.js';

export enum TrackPostOutcome {
  EXISTING = 'EXISTING',
  IMPORTED = 'IMPORTED',
  QUEUED = 'QUEUED',
}

registerEnumType(TrackPostOutcome, {
  name: 'TrackPostOutcome',
  description: 'EXISTING: already in Byline. IMPORTED: imported just now. QUEUED: importing; a notification follows.',
});

@ObjectType('TrackPostResult')
export class TrackPostResult {
  @Field(() => TrackPostOutcome) outcome!: TrackPostOutcome;
  @Field(() => Post, { nullable: true, description: 'The post, unless the import is still queued.' }) post!: Post | null;
  @Field(() => String, { description: 'The link as recognised (normalised).' }) url!: string;
}
