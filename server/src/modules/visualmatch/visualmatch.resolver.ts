import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { VISUAL_MATCH_RESULT_LIMIT } from '../../../../domain/visual-match.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { requireImageSearchViewer } from './visualmatch.policy.js';
import { matchesForPost } from './visualmatch.service.js';
import { VisualMatch, VisualMatchesInput } from './visualmatch.types.js';

@Resolver()
export class VisualMatchResolver {
  @Query(() => [VisualMatch], {
    description: `Visual Match AI (PRO): posts whose picture looks like the given post's — reposts, crops, re-encodes — closest first, at most ${VISUAL_MATCH_RESULT_LIMIT}, among posts the viewer may see; the post itself is left out. Others are refused with "Upgrade to PRO to search for social media posts by image content."`,
  })
  async visualMatches(@Arg('input', () => VisualMatchesInput, { description: 'The post to search with.' }) input: VisualMatchesInput, @Ctx() context: RequestContext): Promise<VisualMatch[]> {
    const viewer = await requireImageSearchViewer(context);
    return matchesForPost(context.em, viewer, parseGlobalId(input.postId, 'Post'));
  }
}
