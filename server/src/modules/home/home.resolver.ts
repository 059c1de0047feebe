import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { featuredCreators, MAX_FEATURED_CREATORS, MAX_TESTIMONIALS, publishedTestimonials } from './home.service.js';
import { FeaturedCreator, Testimonial } from './home.types.js';

/** The landing page's own calls: public, and separate so a slow one never holds the page. */
@Resolver()
export class HomeResolver {
  @Query(() => [FeaturedCreator], { description: `Creators to show on the landing page, at most ${MAX_FEATURED_CREATORS}. Open to signed-out visitors.` })
  featuredCreators(@Arg('first', () => Int, { defaultValue: 6, description: 'How many, 1 to 12; 6 when omitted.' }) first: number, @Ctx() { em }: RequestContext): Promise<FeaturedCreator[]> {
    return featuredCreators(em, first);
  }

  @Query(() => [Testimonial], { description: `What Byline users say, at most ${MAX_TESTIMONIALS}. Open to signed-out visitors.` })
  testimonials(@Arg('first', () => Int, { defaultValue: 3, description: 'How many, 1 to 12; 3 when omitted.' }) first: number, @Ctx() { em }: RequestContext): Promise<Testimonial[]> {
    return publishedTestimonials(em, first);
  }
}
