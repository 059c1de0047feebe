/**
 * The raw baseline's top search answer from the search statement's rows: grouped as the box shows
 * them, at most TOP_SEARCH_PER_GROUP per group, each item as `SearchResultItem` (key, kind,
 * imgUrl, label, subLabel, pageUrl; `kind` as the GraphQL enum spells it). A few dozen rows: shaping them here costs next to nothing.
 */
import { TagType } from '../domain/enums.js';
import { TOP_SEARCH_PER_GROUP } from '../server/src/modules/search/top-search.service.js';

export interface TopSearchRow {
  kind: 'user' | 'tag' | 'role' | 'account';
  entity_id: number;
  title: string;
  subtitle: string | null;
  image_url: string | null;
  page_key: string | null;
  tag_type_id: number | null;
  network: string | null;
  credited_posts: string | number;
}

type Group = 'people' | 'tags' | 'events' | 'roles' | 'locations' | 'postingAccounts';
const GROUPS: readonly Group[] = ['people', 'tags', 'events', 'roles', 'locations', 'postingAccounts'];

function postsLabel(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

function item(row: TopSearchRow): { group: Group; item: Record<string, unknown> } {
  const id = Number(row.entity_id);
  const named = encodeURIComponent(`${row.page_key ?? row.title}~${id}`);
  const base = { key: `${row.kind}:${id}`, imgUrl: row.image_url, label: row.title };
  const count = Number(row.credited_posts);
  switch (row.kind) {
    case 'user':
      return { group: 'people', item: { ...base, kind: 'USER', subLabel: row.subtitle, pageUrl: `/${row.page_key ?? ''}` } };
    case 'role':
      return { group: 'roles', item: { ...base, kind: 'ROLE', subLabel: postsLabel(count, 'credited post'), pageUrl: `/creators?role=${named}` } };
    case 'account':
      return { group: 'postingAccounts', item: { ...base, kind: 'POSTING_ACCOUNT', subLabel: `${row.network ?? ''} · ${row.subtitle ?? ''}`, pageUrl: `/explore?postingAccount=${id}` } };
    case 'tag': {
      const type = Number(row.tag_type_id);
      const group: Group = type === TagType.event ? 'events' : type === TagType.location ? 'locations' : 'tags';
      const parameter = group === 'tags' ? 'tags' : group;
      return { group, item: { ...base, kind: 'TAG_VALUE', subLabel: postsLabel(count, 'post'), pageUrl: `/explore?${parameter}=${named}` } };
    }
  }
}

export function topSearchBody(rows: readonly TopSearchRow[]): string {
  const groups = Object.fromEntries(GROUPS.map((group) => [group, [] as Array<Record<string, unknown>>])) as Record<Group, Array<Record<string, unknown>>>;
  for (const row of rows) {
    const { group, item: entry } = item(row);
    if (groups[group].length < TOP_SEARCH_PER_GROUP) groups[group].push(entry);
  }
  return JSON.stringify({ topSearch: groups });
}
