import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../../graphql/context.js';
import { ForwardPageArgs } from '../../graphql/pagination.js';
import { offsetConnection, readOffsetPage } from '../../graphql/offset-pagination.js';
import { searchPage } from './search.service.js';
import { SearchResultConnection, type SearchResultItem } from './search.types.js';

@Resolver()
export class SearchResolver {
  @Query(() => SearchResultConnection, {
    description: 'The global search box: people, tags, roles and posting accounts, best first (25 a page, the 100 best at most). Open to signed-out visitors.',
  })
  async search(@Arg('text', () => String) text: string, @Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { em }: RequestContext): Promise<Connection<SearchResultItem>> {
    const page = readOffsetPage(args, 10);
    const { items, hasMore } = await searchPage(em, text, page.offset, page.size);
    return offsetConnection(items, page, hasMore);
  }
}
