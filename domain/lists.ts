/**
 * Lists: a person's private collections of creators and posts (the user menu's Lists). The
 * spec names two that everyone has, Favorites and Prospects; everything else here is silent in
 * the spec and follows what Behance moodboards and Pinterest boards do. Server and client read
 * the same rules.
 */

export const LIST_KINDS = ['favorites', 'prospects', 'custom'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The lists every user has (docs/product.md §Lists), in the order they are shown. */
export const BUILT_IN_LISTS: ReadonlyArray<{ kind: Exclude<ListKind, 'custom'>; name: string }> = [
  { kind: 'favorites', name: 'Favorites' },
  { kind: 'prospects', name: 'Prospects' },
];

/** Lists per person, the two built-in ones included. */
export const MAX_LISTS_PER_USER = 100;
/** People and posts together in one list. */
export const MAX_ITEMS_PER_LIST = 5000;
export const MAX_LIST_NAME_LENGTH = 60;

export const LIST_MESSAGES = {
  nameRequired: 'Give the list a name.',
  nameTooLong: `A list name can be at most ${MAX_LIST_NAME_LENGTH} characters.`,
  tooManyLists: `You can have at most ${MAX_LISTS_PER_USER} lists. Delete one first.`,
  listFull: `A list can hold at most ${MAX_ITEMS_PER_LIST.toLocaleString('en-US')} people and posts. Remove some first.`,
  builtInFixed: 'Favorites and Prospects are always there: they cannot be renamed or deleted.',
  listNotFound: 'List not found',
  notInList: 'That is not in this list.',
} as const;

/** The name as stored (surrounding spaces dropped), or the message saying why it cannot be one. */
export function checkListName(raw: string): { name: string } | { error: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) return { error: LIST_MESSAGES.nameRequired };
  if (name.length > MAX_LIST_NAME_LENGTH) return { error: LIST_MESSAGES.nameTooLong };
  return { name };
}
