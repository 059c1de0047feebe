/**
 * The raw baseline's top search answer from the search statement's hits: grouped as the box shows
 * them, at most TOP_SEARCH_PER_GROUP per group, each item as `SearchResultItem` (key, kind,
 * imgUrl, label, subLabel, pageUrl; `kind` as the GraphQL enum spells it). A few dozen rows: shaping them here costs next to nothing.
 */
import { TagType } from '../domain/enums.js';
import type { JobSearchHit } from '../server/src/modules/jobs/index.js';
import type { SearchHit } from '../server/src/modules/search/index.js';
import { TOP_SEARCH_PER_GROUP } from '../server/src/modules/search/index.js';


type Group = 'people' | 'tags' | 'events' | 'roles' | 'locations' | 'postingAccounts';
const GROUPS: readonly Group[] = ['people', 'tags', 'events', 'roles', 'locations', 'postingAccounts'];

function postsLabel(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

function item(row: SearchHit): { group: Group; item: Record<string, unknown> } {
  const id = row.entityId;
  const named = encodeURIComponent(`${row.pageKey ?? row.title}~${id}`);
  const base = { key: `${row.kind}:${id}`, imgUrl: row.imageUrl, label: row.title };
  const count = row.creditedPosts;
  switch (row.kind) {
    case 'user':
      return { group: 'people', item: { ...base, kind: 'USER', subLabel: row.subtitle, pageUrl: `/${row.pageKey ?? ''}` } };
    case 'role':
      return { group: 'roles', item: { ...base, kind: 'ROLE', subLabel: postsLabel(count, 'credited post'), pageUrl: `/creators?role=${named}` } };
    case 'account':
      return { group: 'postingAccounts', item: { ...base, kind: 'POSTING_ACCOUNT', subLabel: `${row.network ?? ''} · ${row.subtitle ?? ''}`, pageUrl: `/explore?postingAccount=${id}` } };
    case 'tag': {
      const type = row.tagTypeId;
      const group: Group = type === TagType.event ? 'events' : type === TagType.location ? 'locations' : 'tags';
      const parameter = group === 'tags' ? 'tags' : group;
      return { group, item: { ...base, kind: 'TAG_VALUE', subLabel: postsLabel(count, 'post'), pageUrl: `/explore?${parameter}=${named}` } };
    }
    default:
      throw new Error(`the top search does not ask for ${row.kind} documents`);
  }
}

/** The answer from the search statement's hits and the open jobs' (the jobs module's statement, run as it is). */
export function topSearchBody(rows: readonly SearchHit[], jobs: readonly JobSearchHit[]): string {
  const groups = Object.fromEntries(GROUPS.map((group) => [group, [] as Array<Record<string, unknown>>])) as Record<Group, Array<Record<string, unknown>>>;
  for (const row of rows) {
    const { group, item: entry } = item(row);
    if (groups[group].length < TOP_SEARCH_PER_GROUP) groups[group].push(entry);
  }
  const jobItems = jobs.map((job) => ({ key: `job:${job.id}`, kind: 'JOB', imgUrl: null, label: job.name, subLabel: job.account, pageUrl: job.path }));
  return JSON.stringify({ topSearch: { ...groups, jobs: jobItems } });
}
