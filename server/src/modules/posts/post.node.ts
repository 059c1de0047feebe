import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { Post } from './post.entity.js';
import { visiblePostsFilter } from './post.policy.js';

/** A post through node(id:) is hidden exactly when post(id:) hides it: the same rule as a filter. */
export const postNode: NodeType<Post, RequestContext> = {
  typeName: 'Post',
  classType: Post,
  loadVisible: ({ em, viewer }, ids) => em.find(Post, { $and: [{ id: { $in: ids } }, visiblePostsFilter(viewer)] }),
};
