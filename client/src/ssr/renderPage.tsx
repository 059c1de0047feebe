/**
 * The server render's entry (built with `vite build --ssr` into client/dist-ssr): the same app,
 * route table and cache rules as the browser's, rendered to HTML for one URL.
 */
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from '@router';
import { CACHE_TYPE_POLICIES } from '@shell/cacheTypePolicies';
import { APP_FRAME, buildRoutes, preloadPageFor } from '@shell/routes';
import type { RenderPage } from '@domain/server-render';
import { serverLink } from './serverLink';
import { serverStateScript } from './serverState';

/** Renders `url` (path and query) for a visitor whose GraphQL calls `execute` answers; `signal` stops a slow render. */
export const renderPage: RenderPage = async (url, execute, signal) => {
  const client = new ApolloClient({
    ssrMode: true,
    link: serverLink(execute),
    cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }),
  });
  const preloaded = await preloadPageFor(new URL(url, 'http://server.invalid').pathname);
  const router = createMemoryRouter(buildRoutes(undefined, preloaded), { ...APP_FRAME, initialEntries: [url] });
  const tree = (
    <StrictMode>
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </StrictMode>
  );
  // First fill the cache: each render after the first waits for the queries the previous one
  // started (a page with more than a few rounds of waterfall is better finished by the browser),
  // and for the code of parts loaded on first use (charts, dialogs). A component's error is not
  // left for the browser to render that part, as React would: the server gives up the whole page,
  // and its logger says why (server/src/http/server-render.ts).
  const errors: unknown[] = [];
  const { aborted } = await prerenderStatic({
    tree,
    signal,
    renderFunction: (node) => prerender(node, { signal, onError: (error) => void errors.push(error) }),
    ignoreResults: true,
    maxRerenders: 5,
  });
  if (aborted) throw new Error('The server render was stopped');
  if (errors.length > 0) throw errors[0];
  // Then the markup, in one synchronous pass with everything at hand: nothing suspends, so the page
  // needs none of the inline scripts that reveal streamed parts (the CSP would refuse them).
  const html = renderToString(tree);
  return { html, stateScript: serverStateScript(client.extract()) };
};
