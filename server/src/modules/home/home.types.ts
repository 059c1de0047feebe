import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { User } from '../users/index.js';

@ObjectType('FeaturedCreator', { description: 'A creator shown on the landing page: picked by the Byline team, or among the most credited.' })
export class FeaturedCreator {
  @Field(() => User, { description: 'The creator, as their profile card shows them.' }) user!: User;
  @Field(() => Int, { description: 'Public posts the creator holds an accepted credit on.' }) creditedPosts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Views of those posts, added up.' }) views!: number;
  @Field(() => Boolean, { description: 'Picked by the Byline team rather than by the numbers.' }) isFeatured!: boolean;
}

@ObjectType('Testimonial', { description: 'What a Byline user says about it, for the landing page.' })
export class Testimonial {
  @Field(() => String, { description: 'What they said, as plain text.' }) quote!: string;
  @Field(() => String, { description: 'Who said it.' }) authorName!: string;
  @Field(() => String, { nullable: true, description: 'What the author does ("Director of Photography").' }) authorTitle!: string | null;
  @Field(() => String, { nullable: true, description: 'Their picture’s address; null without one.' }) avatarUrl!: string | null;
}
