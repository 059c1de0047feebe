/**
 * The post's databaseId in a post page path (docs/product.md §Pages): `/posts/{postId}` or
 * `/posts/{id}-{account}-{network}`. The leading digits are the id; anything else is no post.
 */
export function postIdFromRef(postRef: string | undefined): number | null {
  const match = /^(\d+)(?:-|$)/.exec(postRef ?? '');
  const id = match ? Number(match[1]) : NaN;
  // The API's Int is 32-bit: a longer number names no post.
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
