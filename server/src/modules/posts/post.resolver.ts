import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { Network, NETWORKS, SocialAccount, loadSocialAccountView, type SocialAccountView } from '../networks/index.js';
import { whenLoaded } from '../../db/request-loader.js';
import { Post, PostStats } from './post.entity.js';
import { findVisiblePostView, listVisiblePosts } from './post.service.js';
import type { PostView } from './post.view.js';
import { PostConnection } from './post.types.js';
import { findPostByUrl, trackPostByUrl } from './import/tracking/post-import.service.js';
import { TrackPostInput, TrackPostOutcome, TrackPostPayload } from './post-import.types.js';
import { requireViewer } from '../users/index.js';
import { servedThumbnailUrl } from './thumbnail-store.js';

@Resolver(() => Post)
export class PostResolver {
  @Query(() => Post, { nullable: true, description: 'A post by global id, or null when it does not exist or is not visible to the viewer.' })
  post(@Arg('id', () => ID, { description: 'The post’s global id (Post:…).' }) id: string, @Ctx() { em, viewer }: RequestContext): Promise<PostView | null> {
    return findVisiblePostView(em, viewer, parseGlobalId(id, 'Post'));
  }

  @Query(() => Post, {
    nullable: true,
    description: 'A post by the number in its page link (/posts/{databaseId}), or null when it does not exist or is not visible to the viewer.',
  })
  postByDatabaseId(@Arg('databaseId', () => Int, { description: 'The number in the post’s page link.' }) databaseId: number, @Ctx() { em, viewer }: RequestContext): Promise<PostView | null> {
    return databaseId > 0 ? findVisiblePostView(em, viewer, databaseId) : Promise.resolve(null);
  }

  @Query(() => PostConnection, { description: 'Posts visible to the viewer, newest first.' })
  posts(@Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<PostView>> {
    return listVisiblePosts(em, viewer, readKeysetPage(args));
  }

  @Query(() => Post, { nullable: true, description: 'The post behind a link in any of its forms, or null when Byline does not have it (or it is hidden). Open to signed-out visitors.' })
  postByUrl(@Arg('url', () => String, { description: 'A link to the post in any form Byline recognises (www., mobile, share links, query strings).' }) url: string, @Ctx() { em, viewer }: RequestContext): Promise<Post | null> {
    return findPostByUrl(em, viewer, url);
  }

  @Mutation(() => TrackPostPayload, { description: 'Tracks a link (signed in): imports the post when it is new; one post per link whatever its form.' })
  async trackPost(@Arg('input', () => TrackPostInput, { description: 'The link to track.' }) input: TrackPostInput, @Ctx() context: RequestContext): Promise<TrackPostPayload> {
    const viewer = requireViewer(context);
    const result = await trackPostByUrl(
      { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs },
      viewer,
      input.url,
    );
    return { ...result, outcome: TrackPostOutcome[result.outcome] };
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The picture, served from Byline at the nearest available width (80, 160, 320, 640); null when Byline holds no copy of it (the network's own address is not given out).",
  })
  thumbnailUrl(@Root() post: PostView, @Arg('width', () => Int, { defaultValue: 640, description: 'The width wanted, in pixels; 640 when omitted.' }) width: number): string | null {
    return servedThumbnailUrl(post, width);
  }

  @FieldResolver(() => Date, { description: 'When Byline imported the post.' })
  importedAt(@Root() post: PostView): Date {
    return post.createdAt;
  }

  @FieldResolver(() => Network, { description: 'The network the post is on.' })
  network(@Root() post: PostView, @Ctx() { em }: RequestContext): Network | Promise<Network> {
    return NETWORKS.byId(em, post.network.id);
  }

  @FieldResolver(() => SocialAccount, { description: 'The social account that posted it.' })
  account(@Root() post: PostView, @Ctx() { em }: RequestContext): SocialAccountView | Promise<SocialAccountView> {
    return whenLoaded(loadSocialAccountView(em, post.account.id), (account) => {
      // posts.account_id is a foreign key that is never null: a missing row is a broken database.
      if (!account) throw new Error(`social account ${post.account.id} of post ${post.id} is missing`);
      return account;
    });
  }

  @FieldResolver(() => PostStats, { description: 'Its latest views, likes, comments and shares, and when they were fetched.' })
  stats(@Root() post: PostView): PostStats {
    return { views: post.views, likes: post.likes, comments: post.comments, shares: post.shares, refreshedAt: post.statsRefreshedAt };
  }
}
