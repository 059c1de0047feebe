import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';

/** Where a mutation's document comes from: a dynamic import, so it is fetched on first use. */
export type MutationDocumentLoader<TData, TVariables extends OperationVariables> = () => Promise<TypedDocumentNode<TData, TVariables>>;

export type LoadedOnUseMutate<TData, TVariables extends OperationVariables> = (options: { variables: TVariables }) => Promise<ApolloClient.MutateResult<TData>>;

/**
 * `useMutation`'s `[mutate, { loading }]` for a mutation whose document (and Apollo's mutation hook)
 * need not come with the page: the document loads with the first call, as the track box's calls do
 * (features/track/trackRequests.ts). A page whose forms are all shown at once (settings) keeps
 * its first load within the budget of docs/product.md §Performance this way. `loading` is true from
 * the call, while the document arrives too; a document that fails to load rejects like a failed
 * request. `load` and `options` must be stable (defined at module level); `refetchQueries` names
 * the queries to fetch again, as useMutation's option does.
 */
export function useMutationLoadedOnUse<TData, TVariables extends OperationVariables>(
  load: MutationDocumentLoader<TData, TVariables>,
  options: { refetchQueries?: readonly string[] } = {},
): [LoadedOnUseMutate<TData, TVariables>, { loading: boolean }] {
  const client = useApolloClient();
  const { refetchQueries } = options;
  // A count, not a flag: a second call while the first runs keeps `loading` until both end.
  const [running, setRunning] = useState(0);
  const mutate = useCallback<LoadedOnUseMutate<TData, TVariables>>(
    async ({ variables }) => {
      setRunning((count) => count + 1);
      try {
        const mutation = await load();
        return await client.mutate({ mutation, variables, ...(refetchQueries ? { refetchQueries: [...refetchQueries] } : {}) });
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [client, load, refetchQueries],
  );
  return [mutate, { loading: running > 0 }];
}
