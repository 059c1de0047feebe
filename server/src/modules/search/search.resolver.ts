import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { searchEverything } from './search.service.js';
import { SearchResultItem } from './search.types.js';

@Resolver()
export class SearchResolver {
  @Query(() => [SearchResultItem], { description: 'The global search box: people, tags, roles and posting accounts, best first. Open to signed-out visitors.' })
  search(
    @Arg('text', () => String) text: string,
    @Arg('first', () => Int, { defaultValue: 10, description: 'Results per kind, at most 25.' }) first: number,
    @Ctx() { em }: RequestContext,
  ): Promise<SearchResultItem[]> {
    return searchEverything(em, text, first);
  }
}
