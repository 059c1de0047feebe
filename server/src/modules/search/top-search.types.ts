import { Field, ObjectType } from 'type-graphql';
import { TagType } from '../../../../domain/enums.js';
import type { JobSearchHit } from '../jobs/index.js';
import type { SearchHit } from './engine/search-engine.js';
import { SearchResultItem } from './search.types.js';
import { TOP_SEARCH_PER_GROUP, type TopSearchResults } from './top-search.service.js';

const bounded = (what: string) => `${what}, best first (at most ${TOP_SEARCH_PER_GROUP}).`;

/** The server search response, one bounded list per group the box shows. */
@ObjectType('TopSearch', { description: 'What the global search box shows for typed text, grouped. Only public things are searched, so every visitor gets the same answer.' })
export class TopSearch {
  @Field(() => [SearchResultItem], { description: bounded('People and companies by name or username') }) people!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Tags, clients, creators and file types') }) tags!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Events (tags of type EVENT)') }) events!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Credit roles: each leads to the creator search for that role') }) roles!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Locations (tags of type LOCATION)') }) locations!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Accounts on social networks that posts come from') }) postingAccounts!: SearchResultItem[];
  @Field(() => [SearchResultItem], { description: bounded('Open jobs by title, wanted role or company; kind JOB, label the title, subLabel the company, publicId the job’s') }) jobs!: SearchResultItem[];
}

export function toTopSearch(results: TopSearchResults): TopSearch {
  return {
    people: results.people.map(toItem),
    tags: results.tags.map(toItem),
    events: results.events.map(toItem),
    roles: results.roles.map(toItem),
    locations: results.locations.map(toItem),
    postingAccounts: results.postingAccounts.map(toItem),
    jobs: results.jobs.map(toJobItem),
  };
}

function toJobItem(hit: JobSearchHit): SearchResultItem {
  return { key: `job:${hit.id}`, kind: 'jobs', imgUrl: null, label: hit.name, subLabel: hit.account, pageUrl: hit.path, relevancyScore: hit.score, tagType: null, publicId: hit.publicId, isProOnly: false };
}

function toItem(hit: SearchHit): SearchResultItem {
  const named = encodeURIComponent(`${hit.pageKey ?? hit.title}~${hit.entityId}`);
  const base = { key: `${hit.kind}:${hit.entityId}`, imgUrl: hit.imageUrl, label: hit.title, relevancyScore: hit.score, publicId: null, isProOnly: false, tagType: null };
  switch (hit.kind) {
    case 'user':
      return { ...base, kind: 'users', subLabel: hit.subtitle, pageUrl: `/${hit.pageKey ?? ''}` };
    case 'role':
      return { ...base, kind: 'role', subLabel: postsLabel(hit.creditedPosts, 'credited post'), pageUrl: `/creators?role=${named}` };
    case 'account':
      return { ...base, kind: 'postingAccounts', subLabel: `${hit.network ?? ''} · ${hit.subtitle ?? ''}`, pageUrl: `/explore?postingAccount=${hit.entityId}` };
    case 'tag': {
      const parameter = hit.tagTypeId === TagType.event ? 'events' : hit.tagTypeId === TagType.location ? 'locations' : 'tags';
      return { ...base, kind: 'tagValues', subLabel: postsLabel(hit.creditedPosts, 'post'), tagType: hit.tagTypeId as TagType, pageUrl: `/explore?${parameter}=${named}` };
    }
    case 'post':
      throw new Error('posts are not part of the top search');
  }
}

function postsLabel(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
