/**
 * The mutations of /settings, in a chunk of their own: fetched with the first save, revoke,
 * sign-out or deletion (`loadMutationDocument.ts`), not with the page, which the
 * first-load budget of docs/product.md §Performance (150 KB gz) has no room for.
 */
export {
  CreatePersonalAccessTokenDocument,
  RevokePersonalAccessTokenDocument,
  SettingsDeleteAccountDocument,
  SettingsSignOutOtherSessionsDocument,
  SettingsUpdateDocument,
} from '@gql/graphql';
