import { useQuery } from '@apollo/client/react';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@router';
import { ViewerDocument } from '@gql/graphql';
import { ControlsWhenReady } from '@ui/ControlsWhenReady';
import { PageFrame } from '@ui/PageFrame';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { useHydrated } from '@ui/useHydrated';
import { GRAPHQL_PATH } from '@shell/graphqlEndpoint';
import { createExplorerConnection, normaliseToken } from './explorerFetcher';
import { LightQueryPanel } from './LightQueryPanel';
import { STARTER_QUERY } from './starterQuery';
import './developers.css';

/*
 * Progressive enhancement, for the first-load budget of docs/product.md §Performance (150 KB of
 * gzipped JavaScript): the shell alone is ~137 KB and GraphiQL with Monaco and its workers ~1.45 MB
 * more, so no real editor fits. Loading GraphiQL on idle, or late enough to fall outside
 * bench/client-load.ts's window, would hide the same megabytes from the measurement, not from the
 * visitor's phone. So the page is useful at first load with a light panel (LightQueryPanel: plain
 * text boxes, Run, the answer; plain HTML, so the server renders it too), and GraphiQL loads when
 * the person asks for what only it gives: autocomplete, the schema's docs, history. Its download
 * starts on the button's hover or focus (the intent to click), and the editor opens on the panel's
 * texts.
 */
const loadEditor = () => import('./ExplorerEditor');
const ExplorerEditor = lazy(loadEditor);

const ExplorerLoading = () => (
  <div className="api-explorer__loading">
    <Skeleton shape="card" lines={2} label="Loading the explorer…" />
  </div>
);

function whoRuns(token: string, username: string | null | undefined, signedIn: boolean): string {
  if (token) return 'Operations run with the personal access token above, without your session.';
  if (signedIn) return username ? `Operations run as you (@${username}).` : 'Operations run as you.';
  return 'You are signed out: operations run as a visitor. Paste a personal access token to run them as its owner.';
}

/**
 * The API explorer against Byline's own /graphql, bundled with the app (no hosted sandbox): a
 * light query panel at first, GraphiQL on request. Both run as the signed-in session, or as a
 * pasted personal access token.
 */
export default function ApiExplorerPage() {
  const { data } = useQuery(ViewerDocument);
  const tokenId = useId();
  const statusId = useId();
  const [token, setToken] = useState('');
  const [connection] = useState(createExplorerConnection);
  // Kept here, not in the panel, so the full editor opens on them.
  const [query, setQuery] = useState(STARTER_QUERY);
  const [variables, setVariables] = useState('');
  const [editorOpen, setEditorOpen] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  // The server renders the page with its controls disabled (ui/ControlsWhenReady.tsx says why);
  // GraphiQL runs in a browser only, and only once asked for.
  const hydrated = useHydrated();

  // The button that opened the editor is gone: keep keyboard focus where the editor appears.
  useEffect(() => {
    if (editorOpen) editorRef.current?.focus();
  }, [editorOpen]);

  const updateToken = (value: string) => {
    connection.setToken(value);
    setToken(value);
  };
  const viewer = data?.viewer;

  return (
    <PageFrame
      heading="API explorer"
      purpose={
        <>
          Try Byline’s GraphQL API at <code>{GRAPHQL_PATH}</code>: the schema and its documentation are open to everyone, and
          queries and mutations run for real.
        </>
      }
    >
      <div className="api-explorer__auth">
        <label htmlFor={tokenId}>Personal access token (optional)</label>
        <div className="api-explorer__token-row">
          <input
            id={tokenId}
            className="text-input api-explorer__token"
            // Kept in this page's memory only: a token in storage would outlive the visit.
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="byl_pat_…"
            value={token}
            disabled={!hydrated}
            aria-describedby={statusId}
            onChange={(event) => updateToken(event.target.value)}
          />
          {token && (
            <button type="button" className="button button--outline" onClick={() => updateToken('')}>
              Clear
            </button>
          )}
        </div>
        <p id={statusId} className="api-explorer__status" role="status">
          {whoRuns(normaliseToken(token), viewer?.username, Boolean(viewer))}
        </p>
        {viewer && !token && (
          <p className="api-explorer__hint">
            To try what an integration would see, create a token in <Link to="/settings">Settings, Developer</Link> and
            paste it above.
          </p>
        )}
      </div>
      {editorOpen ? (
        <div ref={editorRef} className="api-explorer__editor" tabIndex={-1} role="region" aria-label="Full editor">
          {/* A Part like every boundary (ui/hydration.ts), though it only ever mounts after a click. */}
          <Part fallback={<ExplorerLoading />}>
            <ExplorerEditor fetcher={connection.fetcher} initialQuery={query} initialVariables={variables} />
          </Part>
        </div>
      ) : (
        <ControlsWhenReady>
          <div className="api-explorer__upgrade">
            <p>
              The full editor (GraphiQL) completes fields as you type, shows the schema’s documentation and keeps a history
              of your queries. It is a larger download (about 1.8 MB).
            </p>
            <button
              type="button"
              className="button button--outline"
              onPointerEnter={() => void loadEditor()}
              onFocus={() => void loadEditor()}
              onClick={() => setEditorOpen(true)}
            >
              Open the full editor (autocomplete, docs, history)
            </button>
          </div>
          <LightQueryPanel fetcher={connection.fetcher} query={query} onQueryChange={setQuery} variables={variables} onVariablesChange={setVariables} />
        </ControlsWhenReady>
      )}
    </PageFrame>
  );
}
