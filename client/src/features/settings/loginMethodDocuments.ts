/** /settings/login's removal mutation, in a chunk of its own (see `loadLoginMethodDocument.ts`). */
export { RemoveLoginMethodDocument } from '@gql/graphql';
