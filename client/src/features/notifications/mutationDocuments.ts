/**
 * The notifications page's project mutations, in a chunk of their own: fetched with the first
 * answer (`loadMutationDocument.ts`), so /notifications keeps its first load small
 * (docs/product.md §Performance).
 */
export { AnswerProjectInvitationDocument, TakeProjectCreditOfferDocument } from '@gql/graphql';
