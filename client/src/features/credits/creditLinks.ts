/** The id of the post page's "Add credit" button; as a hash it opens the add-credit dialog. */
export const ADD_CREDIT_HASH = 'add-credit';

/** The post page with its add-credit dialog open (the track box's "Credit people" link). */
export function creditPeoplePath(postDatabaseId: number): string {
  return `/posts/${postDatabaseId}#${ADD_CREDIT_HASH}`;
}
