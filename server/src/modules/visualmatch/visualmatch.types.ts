import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Post } from '../posts/index.js';

@InputType('VisualMatchesInput', { description: 'The post whose picture to search with.' })
export class VisualMatchesInput {
  @Field(() => ID, { description: 'The post whose picture to look for (global id). To search with a picture of your own, POST it to /api/visualmatch.' })
  postId!: string;
}

@ObjectType('VisualMatch', { description: 'A post whose picture looks like the one searched with: a repost, a crop, a re-encoded or resized copy.' })
export class VisualMatch {
  @Field(() => Post, { description: 'The post that looks alike; one the viewer may see.' }) post!: Post;

  @Field(() => Int, { description: 'How many of the 64 bits of the two pictures’ perceptual hashes differ: 0 is the same picture, 10 the farthest still matched.' })
  distance!: number;

  @Field(() => Int, { description: 'How alike the pictures are, 0–100 (the share of the hash bits that agree).' })
  similarity!: number;
}
