import { Field, ObjectType } from 'type-graphql';
import { Post } from './post.entity.js';

@ObjectType('PostConnection')
export class PostConnection {
  @Field(() => [Post]) nodes!: Post[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field(() => Boolean) hasNextPage!: boolean;
}
