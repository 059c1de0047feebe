import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { PageArgs, readIdPage } from '../../graphql/pagination.js';
import { parseId } from '../../graphql/ids.js';
import { Credit } from '../credits/credit.entity.js';
import { Network } from '../networks/network.entity.js';
import { SocialAccount } from '../networks/social-account.entity.js';
import { Post, PostStats } from './post.entity.js';
import { findVisiblePost, listVisiblePosts } from './post.service.js';
import { PostConnection } from './post.types.js';

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
