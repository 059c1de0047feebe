import type { TypePolicies } from '@apollo/client';

/**
 * How the app's cache stores what has no id of its own (shared by the app and its tests).
 * A user's Portfolio arrives from several queries (the profile's header, each page of its
 * grid): its fields are merged into one object, not replaced (which would refetch each query).
 * `bulkImport(id:)` reads the bulk import its start (or its live progress) already cached, so
 * following it costs no request until there is news.
 */
export const CACHE_TYPE_POLICIES: TypePolicies = {
  Portfolio: { merge: true },
  Query: {
    fields: {
      bulkImport: {
        // An answer already stored, null (someone else's) included, wins over the cached object.
        read: (existing: unknown, { args, toReference }) => (existing !== undefined ? existing : toReference({ __typename: 'BulkImport', id: args?.id as string | undefined })),
      },
    },
  },
};
