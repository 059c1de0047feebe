import type { ListSummaryFragment } from '@gql/graphql';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A list's size as its row says it: "3 people · 1 post". Its own module so /lists/{id} need not
 * load the lists page (its forms, mutations and dialog) for it.
 */
export function listSize(list: Pick<ListSummaryFragment, 'peopleCount' | 'postsCount'>): string {
  return `${plural(list.peopleCount, 'person', 'people')} · ${plural(list.postsCount, 'post', 'posts')}`;
}
