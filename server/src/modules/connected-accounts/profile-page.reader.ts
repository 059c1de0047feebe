/**
 * What a social profile page says about its account: the bio (where the ownership code goes),
 * the follower count and the display name. Networks publish these in different places, so
 * every source a network is known to use is read, in order of trust:
 * 1. schema.org JSON-LD (X, LinkedIn, Behance, Snapchat): a ProfilePage whose mainEntity is the
 *    Person or Organization, its `description` and a FollowAction counter;
 * 2. the app data a network embeds for itself (TikTok's `__UNIVERSAL_DATA_FOR_REHYDRATION__`,
 *    YouTube's `ytInitialData`);
 * 3. Open Graph and meta descriptions, whose text carries the bio and, on Instagram, Threads and
 *    Facebook, "12K Followers".
 * A reader of patterns, never trusting shapes: a missing part is null, not an error.
 */
import { countBefore, isJsonObject, numberAt, parseJson, stringAt, valueAt, type JsonObject, parsePageMetadata, type PageMetadata } from '../posts/index.js';

export interface ProfilePage {
  /** Every text that may hold the bio, trusted sources first; the code is searched in these only, never in posts or comments. */
  bioTexts: readonly string[];
  followerCount: number | null;
  displayName: string | null;
  /** The network's own page data says there is no such account (TikTok answers 200 with a status code). */
  saysNoSuchAccount: boolean;
}

const PROFILE_TYPES = ['Person', 'Organization', 'Brand'];
const FOLLOWERS = /followers?|subscribers?/;
/** TikTok's user-detail status codes for an account that does not exist or is banned. */
const TIKTOK_NO_SUCH_USER = new Set([10202, 10221, 10222]);

function typesOf(node: JsonObject): readonly string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The profile's entity: a ProfilePage's mainEntity, else the first Person or Organization node. */
function profileEntity(nodes: readonly JsonObject[]): JsonObject | null {
  for (const node of nodes) {
    const main = node['mainEntity'] ?? node['about'];
    if (typesOf(node).includes('ProfilePage') && isJsonObject(main)) return main;
  }
  return nodes.find((node) => typesOf(node).some((type) => PROFILE_TYPES.includes(type))) ?? null;
}

/** A FollowAction counter (interactionStatistic or agentInteractionStatistic, one or a list). */
function followActionCount(entity: JsonObject | null): number | null {
  for (const key of ['interactionStatistic', 'agentInteractionStatistic']) {
    const counters = entity?.[key];
    for (const counter of Array.isArray(counters) ? counters : [counters]) {
      const type = stringAt(counter, 'interactionType') ?? stringAt(counter, 'interactionType', '@type');
      if (type?.split(/[/#]/).pop() === 'FollowAction') {
        const count = numberAt(counter, 'userInteractionCount');
        if (count !== null) return count;
      }
    }
  }
  return null;
}

interface EmbeddedProfile {
  bio: string | null;
  followerCount: number | null;
  displayName: string | null;
  missing: boolean;
}

function tiktokProfile(page: PageMetadata): EmbeddedProfile | null {
  const scope = valueAt(page.scriptJson('__UNIVERSAL_DATA_FOR_REHYDRATION__'), '__DEFAULT_SCOPE__', 'webapp.user-detail');
  if (scope === undefined) return null;
  const status = numberAt(scope, 'statusCode');
  return {
    bio: stringAt(scope, 'userInfo', 'user', 'signature'),
    followerCount: numberAt(scope, 'userInfo', 'stats', 'followerCount'),
    displayName: stringAt(scope, 'userInfo', 'user', 'nickname'),
    missing: status !== null && TIKTOK_NO_SUCH_USER.has(status),
  };
}

/** The first value under `key` anywhere in a JSON tree (YouTube nests its header renderers deeply and renames them). */
function findKey(value: unknown, key: string, depth = 0): unknown {
  if (depth > 12) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findKey(item, key, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isJsonObject(value)) return undefined;
  if (Object.hasOwn(value, key)) return value[key];
  for (const child of Object.values(value)) {
    const found = findKey(child, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** YouTube writes `var ytInitialData = {…};` in a plain script; the header says "1.2M subscribers". */
function youtubeProfile(html: string): EmbeddedProfile | null {
  const source = /ytInitialData\s*=\s*(\{[\s\S]*?\})\s*;\s*<\/script>/.exec(html)?.[1];
  const data = source === undefined ? undefined : parseJson(source);
  if (data === undefined) return null;
  const subscribers = findKey(data, 'subscriberCountText');
  const subscriberText = typeof subscribers === 'string' ? subscribers : (stringAt(subscribers, 'simpleText') ?? stringAt(subscribers, 'content'));
  const description = findKey(data, 'description');
  return {
    bio: typeof description === 'string' ? description : stringAt(description, 'simpleText'),
    followerCount: subscriberText === null ? null : countBefore(subscriberText, FOLLOWERS),
    displayName: stringAt(findKey(data, 'channelMetadataRenderer'), 'title'),
    missing: false,
  };
}

function nonBlank(values: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value.trim() !== ''))];
}

export function readProfilePage(html: string): ProfilePage {
  const page = parsePageMetadata(html);
  const entity = profileEntity(page.jsonLd);
  const embedded = tiktokProfile(page) ?? youtubeProfile(html);
  const metaTexts = nonBlank([page.meta('og:description'), page.meta('description'), page.meta('twitter:description')]);
  const followerCount =
    followActionCount(entity) ?? embedded?.followerCount ?? metaTexts.map((text) => countBefore(text, FOLLOWERS)).find((count) => count !== null) ?? null;
  return {
    bioTexts: nonBlank([stringAt(entity, 'description'), embedded?.bio, ...metaTexts]),
    followerCount,
    displayName: stringAt(entity, 'name') ?? embedded?.displayName ?? page.meta('og:title'),
    saysNoSuchAccount: embedded?.missing ?? false,
  };
}
