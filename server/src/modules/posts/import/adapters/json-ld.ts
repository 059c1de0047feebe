/**
 * schema.org data from JSON-LD (or microdata metas): the post node, its author, its date
 * and its interaction counters, which many networks publish for search engines.
 */
import type { ScrapedStats } from '../scraped-post.js';
import { NO_STATS, statsOrNull } from './counts.js';
import { isJsonObject, numberAt, stringAt, type JsonObject } from './json.js';

/** The first node whose @type is one of `types`. */
export function findJsonLd(nodes: readonly JsonObject[], types: readonly string[]): JsonObject | null {
  return nodes.find((node) => typesOf(node).some((type) => types.includes(type))) ?? null;
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** First element of a value that may be one thing or a list of them. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

const COUNTER_FIELDS: Readonly<Record<string, keyof ScrapedStats>> = {
  WatchAction: 'views',
  ViewAction: 'views',
  LikeAction: 'likes',
  CommentAction: 'comments',
  ShareAction: 'shares',
};

/** Counts from interactionStatistic (one counter or a list) and commentCount; null when there are none. */
export function jsonLdStats(node: JsonObject | null): ScrapedStats | null {
  if (node === null) return null;
  const stats: ScrapedStats = { ...NO_STATS };
  const counters = node['interactionStatistic'];
  for (const counter of Array.isArray(counters) ? counters : [counters]) {
    const type = stringAt(counter, 'interactionType') ?? stringAt(counter, 'interactionType', '@type');
    // Written as "https://schema.org/LikeAction", "LikeAction" or { "@type": "LikeAction" }.
    const field = type === null ? undefined : COUNTER_FIELDS[type.split(/[/#]/).pop() ?? ''];
    const count = numberAt(counter, 'userInteractionCount');
    if (field !== undefined && count !== null) stats[field] = count;
  }
  stats.comments ??= numberAt(node, 'commentCount');
  return statsOrNull(stats);
}

export interface JsonLdPerson {
  name: string | null;
  url: string | null;
  /** schema.org's alternateName, where networks such as Snapchat put the handle. */
  alternateName: string | null;
  image: string | null;
}

export function jsonLdAuthor(node: JsonObject | null): JsonLdPerson | null {
  const person = first(node?.['author'] ?? node?.['creator']);
  if (!isJsonObject(person)) return null;
  return {
    name: stringAt(person, 'name'),
    url: stringAt(person, 'url'),
    alternateName: stringAt(person, 'alternateName'),
    image: jsonLdImage(person),
  };
}

/** image or thumbnailUrl, written as a URL, a list of URLs or an ImageObject. */
export function jsonLdImage(node: JsonObject | null): string | null {
  for (const key of ['image', 'thumbnailUrl']) {
    const value = first(node?.[key]);
    if (typeof value === 'string' && value !== '') return value;
    const url = stringAt(value, 'url') ?? stringAt(value, 'contentUrl');
    if (url !== null) return url;
  }
  return null;
}

export function jsonLdDate(node: JsonObject | null): string | null {
  return stringAt(node, 'datePublished') ?? stringAt(node, 'uploadDate') ?? stringAt(node, 'dateCreated');
}
