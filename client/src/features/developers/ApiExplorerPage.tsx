import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from '@router';
import { ViewerDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { useHydrated } from '@ui/useHydrated';
import { GRAPHQL_PATH } from '@shell/graphqlEndpoint';
import { createExplorerConnection, normaliseToken } from './explorerFetcher';
import './developers.css';

// GraphiQL and Monaco are most of this page's weight: the frame and the token field paint first.
const ExplorerEditor = lazy(() => import('./ExplorerEditor'));

const ExplorerLoading = () => <p className="api-explorer__loading">Loading the explorer…</p>;

function whoRuns(token: string, username: string | null | undefined, signedIn: boolean): string {
  if (token) return 'Operations run with the personal access token above, without your session.';
  if (signedIn) return username ? `Operations run as you (@${username}).` : 'Operations run as you.';
  return 'You are signed out: operations run as a visitor. Paste a personal access token to run them as its owner.';
}

/**
 * The API explorer: GraphiQL against Byline's own /graphql, bundled with the app (no hosted
 * sandbox). It runs as the signed-in session, or as a pasted personal access token.
 */
export default function ApiExplorerPage() {
  const { data } = useQuery(ViewerDocument);
  const tokenId = useId();
  const statusId = useId();
  const [token, setToken] = useState('');
  const [connection] = useState(createExplorerConnection);
  // GraphiQL and Monaco run in a browser only: a server-rendered page shows the loading line, and the
  // editor (and the token field, ui/ControlsWhenReady.tsx says why) once the app has taken it over.
  const hydrated = useHydrated();

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
      <div className="api-explorer__editor">
        {hydrated ? (
          <Suspense fallback={<ExplorerLoading />}>
            <ExplorerEditor fetcher={connection.fetcher} />
          </Suspense>
        ) : (
          <ExplorerLoading />
        )}
      </div>
    </PageFrame>
  );
}
