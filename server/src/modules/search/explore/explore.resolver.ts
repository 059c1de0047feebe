import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Info, Query, Resolver } from 'type-graphql';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId } from '../../../graphql/global-id.js';
import { offsetConnection, readOffsetPage } from '../../../graphql/offset-pagination.js';
import { DEFAULT_PAGE_SIZE, ForwardPageArgs, MAX_PAGE_SIZE } from '../../../graphql/pagination.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import { requireViewer } from '../../users/index.js';
import type { PostView } from '../../posts/index.js';
import { PostConnection, creditsPageAsked } from '../../posts/index.js';
import { loadPostCreditPages } from '../../credits/index.js';
import { explorePosts, type ExploreSort } from './explore.service.js';
import { ExploreFilterInput, ExploreSortEnum } from './explore.types.js';

@Resolver()
export class ExploreResolver {
  /** Signed in, as the /explore page (signed-out visitors are sent to sign up). */
  @Query(() => PostConnection, {
    description: 'Post exploration: the posts the viewer may see, narrowed by tags, events, locations, credited people, a posting account, networks, credited status and words; most viewed or newest first.',
  })
  async explorePosts(
    @Arg('filter', () => ExploreFilterInput, { nullable: true, description: 'What to narrow the posts to; every post the viewer may see when omitted.' }) filter: ExploreFilterInput | null,
    @Arg('sort', () => ExploreSortEnum, { nullable: true, defaultValue: 'relevance', description: 'RELEVANCE (most viewed first, the default) or NEWEST.' }) sort: ExploreSort,
    @Args(() => ForwardPageArgs) args: ForwardPageArgs,
    @Ctx() context: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Connection<PostView>> {
    const viewer = requireViewer(context);
    const page = readOffsetPage(args, DEFAULT_PAGE_SIZE);
    if (!Number.isInteger(page.size) || page.size < 1 || page.size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
    const { items, hasMore } = await explorePosts(
      context.em,
      viewer,
      {
        tagIds: filter?.tagDatabaseIds ?? [],
        userIds: (filter?.userIds ?? []).map((id) => parseGlobalId(id, 'User')),
        postingAccountId: filter?.postingAccountId ? parseGlobalId(filter.postingAccountId, 'SocialAccount') : null,
        networkIds: (filter?.networkIds ?? []).map((id) => parseGlobalId(id, 'Network')),
        text: filter?.text ?? null,
        creditedStatus: filter?.creditedStatus ?? 'all',
      },
      sort,
      page,
    );
    // Each post's credits read now rather than by each field: the page then completes without a promise per post.
    const creditsPage = creditsPageAsked(info);
    if (creditsPage) await loadPostCreditPages(context.em, viewer, creditsPage, items.map((post) => post.id));
    return offsetConnection(items, page, hasMore);
  }
}
