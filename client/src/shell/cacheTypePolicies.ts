import type { TypePolicies } from '@apollo/client';

/**
 * How the app's cache stores what has no id of its own (shared by the app and its tests).
 * A user's Portfolio arrives from several queries (the profile's header, each page of its
 * grid): its fields are merged into one object, not replaced (which would refetch each query).
 */
export const CACHE_TYPE_POLICIES: TypePolicies = {
  Portfolio: { merge: true },
};
