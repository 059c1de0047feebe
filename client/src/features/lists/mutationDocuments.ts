/**
 * The list page's mutations, in a chunk of their own: fetched with the first add or remove
 * (`loadMutationDocument.ts`), not with /lists/{id}, which the first-load budget of
 * docs/product.md §Performance (150 KB gz) has no room for beside the page's chart.
 */
export { AddToListDocument, RemoveFromListDocument } from '@gql/graphql';
