import type { NodeType } from '../../graphql/node.js';
import { Credit } from '../credits/credit.entity.js';
import { Post } from './post.entity.js';
import { visiblePostsFilter } from './post.policy.js';

/** A post through node(id:) is hidden exactly when post(id:) hides it: the same rule as a filter. */
export const postNode: NodeType<Post> = {
  typeName: 'Post',
  classType: Post,
  loadVisible: ({ em, viewer }, ids) => em.find(Post, { $and: [{ id: { $in: ids } }, visiblePostsFilter(viewer)] }),
};

/** A credit is visible with its post. */
export const creditNode: NodeType<Credit> = {
  typeName: 'Credit',
  classType: Credit,
  loadVisible: async (context, ids) => {
    const credits = await context.em.find(Credit, { id: { $in: ids } });
    const visiblePostIds = new Set((await postNode.loadVisible(context, [...new Set(credits.map((credit) => credit.post.id))])).map((post) => post.id));
    return credits.filter((credit) => visiblePostIds.has(credit.post.id));
  },
};
