/**
 * The post id in a post page path (spec 2.1): `/posts/{postId}` or
 * `/posts/{id}-{account}-{network}`. The leading digits are the id; anything else is no post.
 */
export function postIdFromRef(postRef: string | undefined): string | null {
  const match = /^(\d+)(?:-|$)/.exec(postRef ?? '');
  return match?.[1] ?? null;
}
