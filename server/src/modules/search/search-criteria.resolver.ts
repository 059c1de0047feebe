import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { creatorSearchCriteria, postSearchCriteria } from './search-criteria.service.js';
import { SearchCriteriaType } from './search-criteria.types.js';

/** Open to everyone, like the search box these serve (docs/product.md §Access: signed-out visitors can search). */
@Resolver()
export class SearchCriteriaResolver {
  @Query(() => SearchCriteriaType, {
    description: 'Free text ("photographers in lisbon") as the /creators filters — a credit role, a place (geo, about a city’s area), a network — and the words left over. Over 100 characters: "Invalid query".',
  })
  creatorSearchCriteria(@Arg('text', () => String, { description: 'The text typed, up to 100 characters.' }) text: string): SearchCriteriaType {
    return creatorSearchCriteria(text);
  }

  @Query(() => SearchCriteriaType, {
    description: 'Free text ("#sunset @janedoe instagram") as /explore filters — tags, events and locations by name, posting accounts by @handle, networks — and the words left over. Over 100 characters: "Invalid query".',
  })
  async postSearchCriteria(@Arg('text', () => String, { description: 'The text typed, up to 100 characters.' }) text: string, @Ctx() { em }: RequestContext): Promise<SearchCriteriaType> {
    return postSearchCriteria(em, text);
  }
}
