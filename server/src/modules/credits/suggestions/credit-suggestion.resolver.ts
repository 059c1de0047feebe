import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { MAX_CAPTION_SUGGESTIONS } from '../../../../../domain/credit-suggestions.js';
import type { RequestContext } from '../../users/index.js';
import { Post } from '../../posts/index.js';
import type { PostView } from '../../posts/index.js';
import { loadCreditSuggestions, type CreditSuggestionView } from './credit-suggestion.service.js';
import { CreditSuggestion } from './credit-suggestion.types.js';

/** `Post.creditSuggestions`, kept beside the rest of the suggestions rather than in the posts module. */
@Resolver(() => Post)
export class CreditSuggestionResolver {
  @FieldResolver(() => [CreditSuggestion], {
    description: `Credits the caption suggests, at most ${MAX_CAPTION_SUGGESTIONS}, none for people already credited in that role. Empty unless the viewer may credit others on the post (viewerCan.addCredit).`,
  })
  creditSuggestions(@Root() post: PostView, @Ctx() { em, viewer }: RequestContext): Promise<CreditSuggestionView[]> | CreditSuggestionView[] {
    return viewer ? loadCreditSuggestions(em, viewer, post) : [];
  }
}
