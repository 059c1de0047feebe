import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { Post, type PostView } from '../posts/index.js';
import type { RequestContext } from '../users/index.js';
import { CreditConnection } from './credit-connection.js';
import { mayCreditOthersOn } from './credit.policy.js';
import { PostViewerCan } from './credit.types.js';
import type { CreditView } from './credit.view.js';
import { visiblePostCredits } from './credit-visibility.js';

/**
 * A post's credits and what the viewer may do about them: fields of Post that belong to credits
 * (posts knows nothing of the credit rules, docs/architecture.md).
 */
@Resolver(() => Post)
export class PostCreditsResolver {
  @FieldResolver(() => CreditConnection, {
    description: 'Who made the post, in the order they were credited: accepted credits for everyone, and pending ones for the people concerned (the credited person, whoever added it, whoever may credit on the post).',
  })
  credits(@Root() post: PostView, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Connection<CreditView> | Promise<Connection<CreditView>> {
    return visiblePostCredits(em, viewer, post.id, readKeysetPage(args));
  }

  @FieldResolver(() => PostViewerCan, { description: 'What the viewer may do with the post: whether they may credit other people on it.' })
  async viewerCan(@Root() post: PostView, @Ctx() { em, viewer }: RequestContext): Promise<PostViewerCan> {
    return { addCredit: await mayCreditOthersOn(em, viewer, post) };
  }
}
