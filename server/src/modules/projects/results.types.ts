import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('ProjectResults', { description: 'What a project’s published deliverables have done so far: their posts’ latest numbers added up, each post once. Only posts the viewer may see count.' })
export class ProjectResults {
  @Field(() => Int, { description: 'How many posts the published deliverables went out as (a post linked to two deliverables counts once).' }) publishedPosts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Their views, as last read from the networks.' }) views!: number;
  @Field(() => GraphQLSafeInt, { description: 'Their likes, as last read from the networks.' }) likes!: number;
}
