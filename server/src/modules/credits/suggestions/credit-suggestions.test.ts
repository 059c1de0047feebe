import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { NetworkId } from '../../../../../domain/networks.js';
import { buildAppSchema } from '../../../registry.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { createLogger } from '../../../logger.js';
import { createAccount, createPost, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { useQueryLog } from '../../../test-support/query-log.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { User } from '../../users/index.js';
import { CreditRole } from '../credit-role.entity.js';
import { Credit } from '../credit.entity.js';

const env = useTestServer();
const log = useQueryLog(env);

const SUGGESTIONS = `query($id: ID!) {
  post(id: $id) { viewerCan { addCredit } creditSuggestions { handle matchedText network { name } role { name } user { databaseId } } }
}`;

interface SuggestionsAnswer {
  post: {
    viewerCan: { addCredit: boolean };
    creditSuggestions: Array<{ handle: string; matchedText: string; network: { name: string }; role: { name: string }; user: { databaseId: number } | null }>;
  };
}

function suggestionsAs(viewer: User | null, postId: number) {
  return graphql<SuggestionsAnswer>(env.server, SUGGESTIONS, { variables: { id: toGlobalId('Post', postId) }, token: viewer ? env.server.tokenFor(viewer.id) : undefined });
}

describe('Post.creditSuggestions', () => {
  it('reads the caption for whoever may credit on the post, matching Byline people and leaving out those already credited', async () => {
    const em = env.server.orm.em.fork();
    const tag = uniqueSuffix();
    const tracker = await createUser(em);
    // @dir_<tag> is a TikTok account its owner verified; @cut_<tag> is only a Byline username.
    const director = await createUser(em);
    const directorAccount = await createAccount(em, NetworkId.TikTok, `dir_${tag}`);
    directorAccount.owner = em.getReference(User, director.id, { wrapped: true });
    directorAccount.ownerVerifiedAt = new Date();
    const cutter = await createUser(em, { username: `cut_${tag}` });
    const credited = await createUser(em, { username: `done_${tag}` });
    const post = await createPost(em, {
      createdBy: tracker,
      caption: `Night ride 🌙\n🎬 @dir_${tag}\n✂️ Edit by @cut_${tag}\n📸 @new_${tag} & @done_${tag}\n🎵 @done_${tag}\nthanks @friend_${tag}`,
    });
    em.create(Credit, { post, user: credited, role: em.getReference(CreditRole, 2), status: 'accepted' });
    await em.flush();

    const answer = await suggestionsAs(tracker, post.id);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.post.viewerCan.addCredit).toBe(true);
    expect(answer.body.data!.post.creditSuggestions).toEqual([
      { handle: `dir_${tag}`, matchedText: `🎬 @dir_${tag}`, network: { name: 'tiktok' }, role: { name: 'Director' }, user: { databaseId: director.id } },
      { handle: `cut_${tag}`, matchedText: `✂️ Edit by @cut_${tag}`, network: { name: 'tiktok' }, role: { name: 'Editor' }, user: { databaseId: cutter.id } },
      { handle: `new_${tag}`, matchedText: `📸 @new_${tag}`, network: { name: 'tiktok' }, role: { name: 'Photographer' }, user: null },
      // Credited as Photographer already, but not as Composer.
      { handle: `done_${tag}`, matchedText: `🎵 @done_${tag}`, network: { name: 'tiktok' }, role: { name: 'Composer' }, user: { databaseId: credited.id } },
    ]);
  });

  it('is empty for people who may not credit others on the post, and signed out', async () => {
    const em = env.server.orm.em.fork();
    const post = await createPost(em, { createdBy: await createUser(em), caption: '📸 @someone_here' });
    for (const viewer of [await createUser(em), null]) {
      const answer = await suggestionsAs(viewer, post.id);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.post.creditSuggestions).toEqual([]);
    }
  });

  it('loads a page of posts’ suggestions in a fixed number of queries', async () => {
    const em = env.server.orm.em.fork();
    const tracker = await createUser(em);
    for (let i = 0; i < 12; i += 1) {
      const post = await createPost(em, { createdBy: tracker, account: await createAccount(em, 1 + (i % 5)), caption: `🎬 @maker${i}x 📸 @shooter${i}x` });
      if (i % 2 === 0) em.create(Credit, { post, user: tracker, role: em.getReference(CreditRole, 1), status: 'accepted' });
    }
    await em.flush();
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const viewerEm = log.orm.em.fork();
    const viewer = { user: await viewerEm.findOneOrFail(User, tracker.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
    const selects = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: '{ posts(first: 20) { nodes { creditSuggestions { handle role { name } network { name } user { username } } } } }',
        contextValue: { em: viewerEm, viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      const nodes = (result.data as { posts: { nodes: Array<{ creditSuggestions: unknown[] }> } }).posts.nodes;
      expect(nodes.filter((node) => node.creditSuggestions.length === 2)).toHaveLength(12);
    });
    // posts, who may credit, accounts, networks, credited handles, matched users, roles: one each.
    expect(selects.length).toBeLessThanOrEqual(8);
  });
});
