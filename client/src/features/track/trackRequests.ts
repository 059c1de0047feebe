import type { ApolloClient } from '@apollo/client';
import { PostByUrlDocument, TrackPostDocument, type TrackedPostFragment, type TrackPostMutation } from '@gql/graphql';

/**
 * The track box's two calls for a pasted link (docs/product.md §Search), with their documents:
 * loaded with the box's first focus or input (useTrackLink), not with the shell every page carries
 * (docs/product.md §Performance).
 */
export async function findPostByUrl(client: ApolloClient, url: string): Promise<TrackedPostFragment | null> {
  const { data } = await client.query({ query: PostByUrlDocument, variables: { url }, fetchPolicy: 'network-only' });
  return data?.postByUrl ?? null;
}

/** Signed in and not found: Byline imports the link (createPostByUrl). */
export async function trackPostByUrl(client: ApolloClient, url: string): Promise<TrackPostMutation['trackPost'] | null> {
  const { data } = await client.mutate({ mutation: TrackPostDocument, variables: { input: { url } } });
  return data?.trackPost ?? null;
}
