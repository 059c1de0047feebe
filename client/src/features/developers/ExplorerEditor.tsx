// Monaco's language workers as separate files built from our own bundle and served from our
// origin (Vite's `?worker`), so the page needs no CSP exception: no blob: workers, no eval.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import type { Fetcher } from '@graphiql/toolkit';

/** What a first visit shows: the smallest useful question, answered for whoever is asking. */
export const STARTER_QUERY = `# Byline's GraphQL API. Press the run button (Ctrl-Enter) to send this query.
# Signed out, viewer is null; with a personal access token it is the token's owner.
{
  viewer {
    username
  }
}
`;

/**
 * GraphiQL itself, in its own chunk: Monaco and GraphiQL weigh megabytes that only this page
 * needs, so the explorer page paints its frame first and this follows.
 */
export default function ExplorerEditor({ fetcher }: { fetcher: Fetcher }) {
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={STARTER_QUERY}
      // Headers typed into GraphiQL's own editor may hold a token: keep them out of
      // localStorage, where any script on the origin could read them after sign-out.
      shouldPersistHeaders={false}
      showPersistHeadersSettings={false}
      // The rest of Byline is light only.
      forcedTheme="light"
    />
  );
}
