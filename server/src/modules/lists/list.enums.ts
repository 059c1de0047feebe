import { LIST_KINDS, type ListKind } from '../../../../domain/lists.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ListKindEnum = closedSetEnum<ListKind>('ListKind', screamingKeys(LIST_KINDS), 'What a list is: one of the two every person has, or one they made.', {
  FAVORITES: 'Favorites: always there; cannot be renamed or deleted.',
  PROSPECTS: 'Prospects: always there; cannot be renamed or deleted.',
  CUSTOM: 'A list the person made and named.',
});
