// Stylesheets first: the bundle keeps import order, so the tokens and the shared classes come before
// every component's own stylesheet, whose rules then win over them at equal specificity.
// Manrope is bundled and served by the app itself: no external font host.
import '@fontsource-variable/manrope/wght.css';
import './ui/theme.css';
import './ui/buttons.css';
import './ui/text-input.css';
import './ui/notice.css';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '@shell/apollo';
import { trackNavigation } from '@shell/analytics';
import { initConsent } from '@shell/consent';
import { startErrorReporting } from '@shell/errorReporting';
import { applyFeatureFlagQuery, readFeatureFlag } from '@shell/featureFlag';
import { createBrowserRouter, RouterProvider } from '@router';
import { APP_FRAME, buildRoutes, preloadPageFor, type PreloadedPages } from '@shell/routes';
import { readServerState } from './ssr/serverState';
import { shellDone, whenEveryPartIsDone } from '@ui/hydration';

// Before the first request, so the Feature-Flag header is already right.
applyFeatureFlagQuery(window.location.search);
// Before anything could send analytics: a stored choice applies at load (docs/product.md §Shell).
initConsent();
// Production with a DSN only; Sentry's SDK then loads as a chunk of its own (docs/product.md §Errors).
void startErrorReporting();

const apolloClient = createApolloClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Marks the page once the app has rendered or taken over the server's markup, every part of it
 * (`<html data-app="ready">`, ui/hydration.ts): before that a click on server-rendered markup
 * does nothing, so browser tests wait for it before they act. Only then do queries go back to
 * their own fetch policies (below).
 */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    shellDone();
    whenEveryPartIsDone(() => {
      apolloClient.prioritizeCacheValues = false;
      document.documentElement.dataset.app = 'ready';
    });
  }, []);
  return children;
}

const app = (preloaded: PreloadedPages) => {
  const router = createBrowserRouter(buildRoutes(undefined, preloaded), APP_FRAME);
  // Navigation starts and profile clicks, through analytics consent (shell/analytics.ts).
  trackNavigation(router);
  return (
    <StrictMode>
      <MarkReady>
        <ApolloProvider client={apolloClient}>
          <RouterProvider router={router} />
        </ApolloProvider>
      </MarkReady>
    </StrictMode>
  );
};

// A page the server rendered (server/src/http/server-render.ts) comes with the cache it was
// rendered from: React takes over its markup once the page's own code is here, so nothing
// repaints. Any other page is rendered by the browser alone, and so is a page for a visitor with
// a feature flag, which the server did not know of (its answers may differ).
const serverState = readFeatureFlag() ? null : readServerState();
if (serverState && container.firstElementChild) {
  apolloClient.cache.restore(serverState);
  // While React takes the markup over, a query answers from the cache the server rendered with,
  // as it did there: one that also asks the network (`cache-and-network`) would otherwise show
  // "Loading…" where the markup has the answer, and React would throw the part away.
  apolloClient.prioritizeCacheValues = true;
  preloadPageFor(window.location.pathname).then(
    (preloaded) => hydrateRoot(container, app(preloaded)),
    // The page's code did not load: the router's error page says so, as on any other page.
    () => createRoot(container).render(app(new Map())),
  );
} else {
  createRoot(container).render(app(new Map()));
}
