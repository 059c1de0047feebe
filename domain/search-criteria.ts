/**
 * Free text typed into search turned into filters (the original calls getCreatorSearchCriteria
 * and getPostSearchCriteria; docs/product.md §Search): "photographers in lisbon" → role
 * Photographer, geo Lisbon; "#sunset @janedoe instagram" → tag sunset, posting account janedoe,
 * network Instagram. Words that name nothing stay as text. Pure: the server looks up the tags and
 * accounts the text could name and passes them in.
 */
import { CREDIT_ROLES } from './credit-roles.js';
import { encodeGeohash } from './geohash.js';
import { NETWORKS } from './networks.js';
import { PLACES } from './place-list.js';
import { foldForSearch } from './places.js';
import { TagType } from './enums.js';

/**
 * A place typed into the creator search is searched around its city: geohash precision 4
 * (about 39 × 20 km) covers a metropolitan area, where the settings' precision 6 would cover a
 * district. The radius follows the precision (see creator search).
 */
export const CRITERIA_PLACE_GEOHASH_PRECISION = 4;
/** Longest phrase tried as a name ("new york city", "creative director"). */
export const MAX_CRITERIA_PHRASE_WORDS = 4;

export const SEARCH_CRITERIA_PARAMETERS = ['role', 'geo', 'network', 'tags', 'events', 'locations', 'postingAccount', 'networks'] as const;
export type SearchCriteriaParameter = (typeof SEARCH_CRITERIA_PARAMETERS)[number];

export interface SearchCriterion {
  parameter: SearchCriteriaParameter;
  /** As the page's query string holds it: `{name}~{id}`, `{name}~{geohash}`, an id or a network name. */
  value: string;
  /** What the person reads on the filter chip. */
  label: string;
}

export interface SearchCriteria {
  criteria: SearchCriterion[];
  /** The words that named nothing, or null. */
  text: string | null;
}

/** What the database knows of the names in the text (looked up by the server). */
export interface CriteriaVocabulary {
  tags: ReadonlyArray<{ id: number; name: string; tagTypeId: number }>;
  accounts: ReadonlyArray<{ id: number; handle: string; networkId: number }>;
}

/** Joining words dropped once the text named something ("photographers in lisbon"). */
const JOINING_WORDS = new Set(['in', 'at', 'near', 'from', 'based', 'on', 'for', 'by', 'and', 'with']);

interface Token {
  raw: string;
  folded: string;
  sigil: '#' | '@' | null;
}

function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .filter((raw) => raw.length > 0)
    .map((raw): Token => {
      const sigil = raw.startsWith('#') ? '#' : raw.startsWith('@') ? '@' : null;
      return { raw, folded: foldForSearch(sigil ? raw.slice(1) : raw), sigil };
    })
    .filter((token) => token.folded.length > 0);
}

/** Every phrase the text could name, for the server's look-up. */
export function criteriaPhrases(text: string): string[] {
  const tokens = tokenize(text);
  const phrases = new Set<string>();
  for (let start = 0; start < tokens.length; start++) {
    for (let length = 1; length <= MAX_CRITERIA_PHRASE_WORDS && start + length <= tokens.length; length++) {
      phrases.add(tokens.slice(start, start + length).map((token) => token.folded).join(' '));
    }
  }
  return [...phrases];
}

/** The handles typed with @, for the server's look-up. */
export function criteriaHandles(text: string): string[] {
  return tokenize(text)
    .filter((token) => token.sigil === '@')
    .map((token) => token.raw.slice(1).toLowerCase());
}

type Matcher = (phrase: string, tokens: Token[]) => SearchCriterion | null;

const ROLE_BY_FOLDED = new Map(CREDIT_ROLES.map((role) => [foldForSearch(role.name), role]));
const PLACE_BY_FOLDED = new Map([...PLACES].reverse().map((place) => [foldForSearch(place.city), place]));
const NETWORK_BY_FOLDED = new Map(Object.values(NETWORKS).flatMap((network) => [[network.name, network], [foldForSearch(network.title), network]] as const));

/** "photographers" names the role Photographer too. */
function roleFor(phrase: string) {
  return ROLE_BY_FOLDED.get(phrase) ?? (phrase.endsWith('s') ? ROLE_BY_FOLDED.get(phrase.slice(0, -1)) : undefined);
}

const matchRole: Matcher = (phrase, tokens) => {
  const role = tokens.every((token) => token.sigil === null) ? roleFor(phrase) : undefined;
  return role ? { parameter: 'role', value: `${role.name}~${role.id}`, label: role.name } : null;
};

const matchPlace: Matcher = (phrase, tokens) => {
  const place = tokens.every((token) => token.sigil === null) ? PLACE_BY_FOLDED.get(phrase) : undefined;
  return place ? { parameter: 'geo', value: `${place.city}~${encodeGeohash(place.lat, place.lon, CRITERIA_PLACE_GEOHASH_PRECISION)}`, label: place.city } : null;
};

function matchNetwork(parameter: 'network' | 'networks'): Matcher {
  return (phrase, tokens) => {
    const network = tokens.length === 1 && tokens[0]!.sigil === null ? NETWORK_BY_FOLDED.get(phrase) : undefined;
    return network ? { parameter, value: network.name, label: network.title } : null;
  };
}

function matchTag(vocabulary: CriteriaVocabulary): Matcher {
  return (phrase, tokens) => {
    // A plain word names a tag only when typed with # or when it is the tag's whole name.
    if (tokens.some((token) => token.sigil === '@') || (tokens.length > 1 && tokens[0]!.sigil === '#')) return null;
    const tag = vocabulary.tags.find((candidate) => foldForSearch(candidate.name) === phrase);
    if (!tag) return null;
    const parameter = tag.tagTypeId === TagType.event ? 'events' : tag.tagTypeId === TagType.location ? 'locations' : 'tags';
    return { parameter, value: `${tag.name}~${tag.id}`, label: tag.name };
  };
}

function matchAccount(vocabulary: CriteriaVocabulary): Matcher {
  return (_phrase, tokens) => {
    if (tokens.length !== 1 || tokens[0]!.sigil !== '@') return null;
    const handle = tokens[0]!.raw.slice(1).toLowerCase();
    const account = vocabulary.accounts.find((candidate) => candidate.handle.toLowerCase() === handle);
    return account ? { parameter: 'postingAccount', value: String(account.id), label: `@${account.handle}` } : null;
  };
}

/** Longest phrases first, left to right; each matcher in order of preference. */
function parse(text: string, matchers: readonly Matcher[]): SearchCriteria {
  const tokens = tokenize(text);
  const criteria: SearchCriterion[] = [];
  const rest: Token[] = [];
  let start = 0;
  while (start < tokens.length) {
    let matched: { criterion: SearchCriterion; length: number } | null = null;
    for (let length = Math.min(MAX_CRITERIA_PHRASE_WORDS, tokens.length - start); length >= 1 && !matched; length--) {
      const phraseTokens = tokens.slice(start, start + length);
      const phrase = phraseTokens.map((token) => token.folded).join(' ');
      for (const matcher of matchers) {
        const criterion = matcher(phrase, phraseTokens);
        if (criterion) {
          matched = { criterion, length };
          break;
        }
      }
    }
    if (matched) {
      if (!criteria.some((known) => known.parameter === matched.criterion.parameter && known.value === matched.criterion.value)) criteria.push(matched.criterion);
      start += matched.length;
    } else {
      rest.push(tokens[start]!);
      start++;
    }
  }
  const words = criteria.length > 0 ? rest.filter((token) => !JOINING_WORDS.has(token.folded)) : rest;
  return { criteria, text: words.length > 0 ? words.map((token) => token.raw).join(' ') : null };
}

/** Creator search (/creators): role, place (geo) and network. */
export function parseCreatorSearchCriteria(text: string): SearchCriteria {
  return parse(text, [matchRole, matchPlace, matchNetwork('network')]);
}

/** Post search (/explore): tags, events and locations by name, posting accounts by @handle, networks. */
export function parsePostSearchCriteria(text: string, vocabulary: CriteriaVocabulary): SearchCriteria {
  return parse(text, [matchAccount(vocabulary), matchTag(vocabulary), matchNetwork('networks')]);
}

/** The criteria as a page's query string (`role=Photographer~2&geo=Lisbon~eyck&q=…`). */
export function criteriaQueryString(criteria: SearchCriteria): string {
  const params = new URLSearchParams();
  for (const criterion of criteria.criteria) params.append(criterion.parameter, criterion.value);
  if (criteria.text) params.set('q', criteria.text);
  return params.toString();
}
