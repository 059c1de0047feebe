import { describe, expect, it } from 'vitest';
import { TagType } from './enums.js';
import { encodeGeohash } from './geohash.js';
import { criteriaHandles, criteriaPhrases, criteriaQueryString, parseCreatorSearchCriteria, parsePostSearchCriteria, type CriteriaVocabulary } from './search-criteria.js';

const LISBON = `Lisbon~${encodeGeohash(38.72, -9.14, 4)}`;
const NEW_YORK = `New York~${encodeGeohash(40.71, -74.01, 4)}`;

describe('creator search criteria', () => {
  it.each([
    ['photographers in lisbon', [['role', 'Photographer~2'], ['geo', LISBON]], null],
    ['Makeup Artist New York', [['role', 'Makeup Artist~11'], ['geo', NEW_YORK]], null],
    ['creative director', [['role', 'Creative Director~6']], null],
    ['director', [['role', 'Director~1']], null],
    ['tiktok editors', [['network', 'tiktok'], ['role', 'Editor~3']], null],
    ['São Paulo stylist', [['role', 'Stylist~10'], ['geo', expect.stringMatching(/^São Paulo~[0-9a-z]{4}$/)]], null],
    ['wedding photographer in lisbon', [['role', 'Photographer~2'], ['geo', LISBON]], 'wedding'],
    ['in the mood', [], 'in the mood'],
    ['', [], null],
  ])('%j', (text, criteria, rest) => {
    const parsed = parseCreatorSearchCriteria(text);
    expect(parsed.criteria.map((criterion) => [criterion.parameter, criterion.value])).toEqual(expect.arrayContaining(criteria as unknown[]));
    expect(parsed.criteria).toHaveLength(criteria.length);
    expect(parsed.text).toBe(rest);
  });
});

describe('post search criteria', () => {
  const vocabulary: CriteriaVocabulary = {
    tags: [
      { id: 5, name: 'Sunset', tagTypeId: TagType.tag },
      { id: 6, name: 'Paris Fashion Week', tagTypeId: TagType.event },
      { id: 7, name: 'Lisbon', tagTypeId: TagType.location },
    ],
    accounts: [{ id: 9, handle: 'JaneDoe', networkId: 2 }],
  };
  it.each([
    ['#sunset', [['tags', 'Sunset~5']], null],
    ['sunset', [['tags', 'Sunset~5']], null],
    ['@janedoe instagram', [['postingAccount', '9'], ['networks', 'instagram']], null],
    ['@nobody sunset', [['tags', 'Sunset~5']], '@nobody'],
    ['paris fashion week reels', [['events', 'Paris Fashion Week~6']], 'reels'],
    ['surfing in lisbon', [['locations', 'Lisbon~7']], 'surfing'],
    ['golden hour', [], 'golden hour'],
  ])('%j', (text, criteria, rest) => {
    const parsed = parsePostSearchCriteria(text, vocabulary);
    expect(parsed.criteria.map((criterion) => [criterion.parameter, criterion.value])).toEqual(criteria);
    expect(parsed.text).toBe(rest);
  });

  it('names each criterion once, and writes the query string of the page', () => {
    const parsed = parsePostSearchCriteria('#sunset sunset golden', vocabulary);
    expect(parsed.criteria).toEqual([{ parameter: 'tags', value: 'Sunset~5', label: 'Sunset' }]);
    expect(criteriaQueryString(parsed)).toBe('tags=Sunset%7E5&q=golden');
  });
});

describe('look-ups the server makes', () => {
  it('lists every phrase of up to 4 words, folded, and the @handles', () => {
    expect(criteriaPhrases('#Café au lait')).toEqual(['cafe', 'cafe au', 'cafe au lait', 'au', 'au lait', 'lait']);
    expect(criteriaHandles('@JaneDoe and @x #y')).toEqual(['janedoe', 'x']);
  });
});
