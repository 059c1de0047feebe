/**
 * The list page's mutations, in a chunk of their own: fetched with the first add or remove
 * (`loadMutationDocument.ts`), not with /lists/{id}, which issue 15's first-load budget
 * (150 KB gz) has no room for beside the page's chart.
 */
export { AddToListDocument, RemoveFromListDocument } from '@gql/graphql';
