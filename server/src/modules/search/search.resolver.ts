import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { offsetConnection, readOffsetPage } from '../../graphql/offset-pagination.js';
import { DEFAULT_SEARCH_PAGE_SIZE, searchPage } from './search.service.js';
import { SearchPageArgs, SearchResultConnection, type SearchResultItem } from './search.types.js';

@Resolver()
export class SearchResolver {
  @Query(() => SearchResultConnection, {
    description: 'The global search box: people, tags, roles and posting accounts, best first (up to 25 a page, the 100 best at most). Open to signed-out visitors.',
  })
  async search(@Arg('text', () => String, { description: 'The text typed, up to 100 characters.' }) text: string, @Args(() => SearchPageArgs) args: SearchPageArgs, @Ctx() { em }: RequestContext): Promise<Connection<SearchResultItem>> {
    const page = readOffsetPage(args, DEFAULT_SEARCH_PAGE_SIZE);
    const { items, hasMore } = await searchPage(em, text, page.offset, page.size);
    return offsetConnection(items, page, hasMore);
  }
}
