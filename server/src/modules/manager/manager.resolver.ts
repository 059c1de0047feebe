import { Arg, Args, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { loadBulkImport, startBulkImport, viewerBulkImportProgress, BulkImport, BulkImportPostsInput, BulkImportPostsPayload } from '../posts/index.js';
import { loadDashboard } from './dashboard/dashboard.service.js';
import { Dashboard } from './dashboard/dashboard.types.js';
import { RefreshPostStatsInput, RefreshPostStatsPayload, RemoveFromMyPostsInput, RemoveFromMyPostsPayload } from './manager-actions.types.js';
import { requireManagerViewer } from './manager.policy.js';
import { managerCsv } from './posts/manager-csv.js';
import { checkSelection, removeFromMyPosts } from './posts/manager-actions.service.js';
import { allManagerPosts, listManagerPosts, MANAGER_CSV_MAX_ROWS } from './posts/manager-posts.service.js';
import { ManagerPost, ManagerPostConnection, ManagerPostsArgs, ManagerPostsCsvArgs } from './posts/manager-posts.types.js';
import { refreshPostsNow } from './refresh/manual-refresh.js';

@Resolver()
export class ManagerResolver {
  @Query(() => Dashboard, { description: 'The signed-in home page’s numbers: totals per dashboard network and the latest posts with their change since last week.' })
  dashboard(@Ctx() context: RequestContext): Promise<Dashboard> {
    return loadDashboard(context.em, requireManagerViewer(context));
  }

  @Query(() => ManagerPostConnection, {
    description: 'The Content Manager table: every post the viewer tracked, is credited on, or posted from a verified account, and their links still importing or failed; sorted and filtered.',
  })
  managerPosts(@Args(() => ManagerPostsArgs) args: ManagerPostsArgs, @Ctx() context: RequestContext): Promise<Connection<ManagerPost>> {
    return listManagerPosts(context.em, requireManagerViewer(context), args);
  }

  @Query(() => String, { description: `The Content Manager table as CSV (the same rows, order and columns, up to ${MANAGER_CSV_MAX_ROWS} rows), for download.` })
  async managerPostsCsv(@Args(() => ManagerPostsCsvArgs) args: ManagerPostsCsvArgs, @Ctx() context: RequestContext): Promise<string> {
    return managerCsv(await allManagerPosts(context.em, requireManagerViewer(context), args));
  }

  @Query(() => BulkImport, { nullable: true, description: 'One of the viewer’s bulk imports; null for anyone else’s.' })
  bulkImport(@Arg('id', () => ID, { description: 'The BulkImport’s global id, as bulkImportPosts returned it.' }) id: string, @Ctx() context: RequestContext): Promise<BulkImport | null> {
    return loadBulkImport(context.em, requireManagerViewer(context), parseGlobalId(id, 'BulkImport'));
  }

  @Mutation(() => BulkImportPostsPayload, { description: 'Imports many links at once (at most 500): each goes through the import queue; repeats and bad links are reported, never imported twice.' })
  async bulkImportPosts(@Arg('input', () => BulkImportPostsInput, { description: 'The links to import.' }) input: BulkImportPostsInput, @Ctx() context: RequestContext): Promise<BulkImportPostsPayload> {
    const viewer = requireManagerViewer(context);
    const services = { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs };
    return { bulkImport: await startBulkImport(services, viewer, input.urls) };
  }

  @Mutation(() => RemoveFromMyPostsPayload, { description: 'Takes posts out of the viewer’s posts (their tracking link only: the posts stay on Byline for everyone else).' })
  async removeFromMyPosts(@Arg('input', () => RemoveFromMyPostsInput, { description: 'The posts and links to stop tracking.' }) input: RemoveFromMyPostsInput, @Ctx() context: RequestContext): Promise<RemoveFromMyPostsPayload> {
    const viewer = requireManagerViewer(context);
    const postIds = input.postIds.map((id) => parseGlobalId(id, 'Post'));
    const outcome = await removeFromMyPosts(context.em, viewer, postIds, input.urls);
    return { removedCount: outcome.removed, keptCount: outcome.kept };
  }

  @Mutation(() => RefreshPostStatsPayload, { description: 'Fetches the numbers of some of the viewer’s posts now (not more than hourly per post, 200 posts an hour per person).' })
  async refreshPostStats(@Arg('input', () => RefreshPostStatsInput, { description: 'The posts to refresh.' }) input: RefreshPostStatsInput, @Ctx() context: RequestContext): Promise<RefreshPostStatsPayload> {
    const viewer = requireManagerViewer(context);
    checkSelection(input.postIds, 'postIds');
    const outcome = await refreshPostsNow(context.em, context.boss, viewer, input.postIds.map((id) => parseGlobalId(id, 'Post')));
    return { queuedCount: outcome.queued, alreadyFreshCount: outcome.alreadyFresh, overLimitCount: outcome.overLimit };
  }
}

@Resolver()
export class BulkImportSubscriptionResolver {
  @Subscription(() => BulkImport, {
    description: 'Progress of the viewer’s bulk imports: their latest at once, then a bulk import again each time one of its links settles (follow yours by its id).',
    subscribe: ({ context }) => {
      const ctx = context as RequestContext;
      // Checked before the stream starts, so a signed-out subscriber gets an ordinary GraphQL error.
      const viewer = requireManagerViewer(ctx);
      return viewerBulkImportProgress(ctx.em, ctx.pubsub, viewer);
    },
  })
  bulkImportProgress(@Root() progress: BulkImport): BulkImport {
    return progress;
  }
}
