import { describe, expect, it } from 'vitest';
import { createCredit, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

const env = useTestServer();

type Featured = { featuredCreators: Array<{ user: { username: string }; creditedPosts: number; views: number; isFeatured: boolean }> };

describe('the landing page’s own calls', () => {
  it('features picked creators first, then the most viewed public credits; private posts and pending credits do not count', async () => {
    const em = env.server.orm.em.fork();
    const [picked, big, small, hidden] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
    const views = async (views: number, isPrivate = false) => {
      const post = await createPost(em, { isPrivate });
      await queryRows(env.database.url, 'update posts set views = $2 where id = $1', [post.id, views]);
      return post;
    };
    await creditUser(em, await views(9_000_000), big);
    await creditUser(em, await views(1_000), big, 2);
    await creditUser(em, await views(5_000), small);
    await creditUser(em, await views(99_000_000, true), hidden);
    await createCredit(em, { post: await views(98_000_000), user: hidden, status: 'pending' });
    await queryRows(env.database.url, `insert into audit_logs (action, target, target_id) values ('featured', 'user', $1)`, [String(picked.id)]);

    const response = await graphql<Featured>(env.server, '{ featuredCreators(first: 12) { user { username } creditedPosts views isFeatured } }');
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.featuredCreators).toEqual([
      { user: { username: picked.username }, creditedPosts: 0, views: 0, isFeatured: true },
      { user: { username: big.username }, creditedPosts: 2, views: 9_001_000, isFeatured: false },
      { user: { username: small.username }, creditedPosts: 1, views: 5_000, isFeatured: false },
    ]);
    const bad = await graphql(env.server, '{ featuredCreators(first: 13) { views } }');
    expect(bad.body.errors?.[0]?.message).toBe('first must be between 1 and 12');
  });

  it('serves the seeded testimonials in order, signed out', async () => {
    const response = await graphql<{ testimonials: Array<{ authorName: string; quote: string }> }>(env.server, '{ testimonials(first: 3) { authorName quote } }');
    expect(response.body.data!.testimonials.map((entry) => entry.authorName)).toEqual(['Maya Okafor', 'Jonas Lindqvist', 'Priya Raman']);
  });
});
