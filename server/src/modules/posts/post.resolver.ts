import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { PageArgs, readIdPage } from '../../graphql/pagination.js';
import { parseId } from '../../graphql/ids.js';
import { Credit } from '../credits/credit.entity.js';
import { Network } from '../networks/network.entity.js';
import { SocialAccount } from '../networks/social-account.entity.js';
import { Post, PostStats } from './post.entity.js';
import { findVisiblePost, listVisiblePosts } from './post.service.js';
import { PostConnection } from './post.types.js';
import { findPostByUrl, trackPostByUrl } from './import/tracking/post-import.service.js';
import { TrackPostOutcome, TrackPostResult } from './post-import.types.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { servedWidth, thumbnailPath } from './thumbnail-store.js';

@Resolver(() => Post)
export class PostResolver {
  @Query(() => Post, { nullable: true, description: 'A post, or null when it does not exist or is not visible to the viewer.' })
  post(@Arg('id', () => ID) id: string, @Ctx() { em, viewer }: RequestContext): Promise<Post | null> {
    return findVisiblePost(em, viewer, parseId(id));
  }

  @Query(() => PostConnection, { description: 'Posts visible to the viewer, newest first.' })
  posts(@Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<PostConnection> {
    return listVisiblePosts(em, viewer, readIdPage(args));
  }

  @Query(() => Post, { nullable: true, description: 'getPostByUrl: the post behind a link in any of its forms, or null. Open to signed-out visitors.' })
  postByUrl(@Arg('url', () => String) url: string, @Ctx() { em, viewer }: RequestContext): Promise<Post | null> {
    return findPostByUrl(em, viewer, url);
  }

  @Mutation(() => TrackPostResult, { description: 'createPostByUrl: track a link (signed in). Imports it when new; one post per link whatever its form.' })
  async trackPostByUrl(@Arg('url', () => String) url: string, @Ctx() context: RequestContext): Promise<TrackPostResult> {
    const viewer = requireViewer(context);
    const result = await trackPostByUrl(
      { em: context.em, pubsub: context.pubsub, boss: context.boss, fastPathMs: context.config.importFastPathMs },
      viewer,
      url,
    );
    return { ...result, outcome: TrackPostOutcome[result.outcome] };
  }

  @FieldResolver(() => String, { nullable: true, description: 'The picture, served from Byline at the nearest available width (80, 160, 320, 640).' })
  thumbnailUrl(@Root() post: Post, @Arg('width', () => Int, { defaultValue: 640 }) width: number): string | null {
    if (post.thumbnailStoredAt) return thumbnailPath(post.id, servedWidth(width));
    return post.thumbnailUrl;
  }

  @FieldResolver(() => Date, { description: 'When Byline imported the post.' })
  importedAt(@Root() post: Post): Date {
    return post.createdAt;
  }

  @FieldResolver(() => Network)
  network(@Root() post: Post): Promise<Network> {
    return post.network.loadOrFail();
  }

  @FieldResolver(() => SocialAccount)
  account(@Root() post: Post): Promise<SocialAccount> {
    return post.account.loadOrFail();
  }

  @FieldResolver(() => [Credit])
  credits(@Root() post: Post): Promise<Credit[]> {
    return post.credits.loadItems();
  }

  @FieldResolver(() => PostStats)
  stats(@Root() post: Post): PostStats {
    return { views: post.views, likes: post.likes, comments: post.comments, shares: post.shares, refreshedAt: post.statsRefreshedAt };
  }
}
