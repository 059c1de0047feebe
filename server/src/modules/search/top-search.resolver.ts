import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { searchEngineFor } from './search.module.js';
import { topSearch } from './top-search.service.js';
import { TopSearch, toTopSearch } from './top-search.types.js';

@Resolver()
export class TopSearchResolver {
  /** Open to everyone, signed in or not (docs/product.md §Access: signed-out visitors can search); only public things are indexed. */
  @Query(() => TopSearch, {
    description:
      'The global search box: people, tags, events, roles, locations, posting accounts and open jobs matching the text, with typo tolerance, the last word matched as a prefix, accents and case ignored; ranked by relevance, then followers, credited posts and views. A lone # or @ and blocked terms return empty groups; text over 100 characters is refused with "Invalid query".',
  })
  async topSearch(@Arg('text', () => String, { description: 'The text typed, up to 100 characters; a leading # or @ is dropped.' }) text: string, @Ctx() { em }: RequestContext): Promise<TopSearch> {
    return toTopSearch(await topSearch(em, searchEngineFor(em), text));
  }
}
