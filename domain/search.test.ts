import { describe, expect, it } from 'vitest';
import { allowedTypos, isBlockedSearch, normaliseForSearch, searchableText, searchWords } from './search.js';

describe('search rules', () => {
  it.each([
    ['cat', 0],
    ['anna', 0],
    ['maria', 1],
    ['portrait', 1],
    ['portraits', 2],
    ['photographer', 2],
  ] as const)('%s allows %i typos', (word, typos) => {
    expect(allowedTypos(word)).toBe(typos);
  });

  it('drops accents and case', () => {
    expect(normaliseForSearch('Zoë ÅGREN Café')).toBe('zoe agren cafe');
    expect(searchWords('  Zoë_Ågren, café!! zoe ')).toEqual(['zoe', 'agren', 'cafe']);
  });

  it.each([
    ['', null],
    ['#', null],
    ['@', null],
    ['  @@ ', null],
    ['#sunset', 'sunset'],
    ['@jane.doe', 'jane.doe'],
    ['!!!', null],
  ])('searchable text of %j is %j', (raw, expected) => {
    expect(searchableText(raw)).toBe(expected);
  });

  it.each([
    ['NFL', true],
    ['#nfl highlights', true],
    ['Super-Bowl LX', true],
    ['superbowl', true],
    ['Kansas City Chiefs', true],
    ['eagles', false],
    ['philadelphia', false],
    ['nflx', false],
    ['bowl', false],
  ])('%j blocked: %s', (text, blocked) => {
    expect(isBlockedSearch(text)).toBe(blocked);
  });
});
