// Monaco's language workers as separate files built from our own bundle and served from our
// origin (Vite's `?worker`), so the page needs no CSP exception: no blob: workers, no eval.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import type { Fetcher } from '@graphiql/toolkit';
import { STARTER_QUERY } from './starterQuery';

interface ExplorerEditorProps {
  fetcher: Fetcher;
  /** The light panel's texts, so the editor opens on what the person was writing. */
  initialQuery: string;
  initialVariables: string;
}

/**
 * GraphiQL itself, in its own chunk: with Monaco and Monaco's workers it weighs ~1.45 MB of
 * gzipped JavaScript (and 0.35 MB of CSS), ten times the first-load budget, so the page loads it
 * only when the person asks for the full editor (ApiExplorerPage.tsx says why).
 */
export default function ExplorerEditor({ fetcher, initialQuery, initialVariables }: ExplorerEditorProps) {
  return (
    <GraphiQL
      fetcher={fetcher}
      // Given, these win over the query and variables GraphiQL kept from an earlier visit: its
      // saved tabs stay, and the panel's text opens in a tab of its own unless one already holds it.
      initialQuery={initialQuery}
      initialVariables={initialVariables}
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
