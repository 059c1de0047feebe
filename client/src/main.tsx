import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '@shell/apollo';
import { initConsent } from '@shell/consent';
import { applyFeatureFlagQuery } from '@shell/featureFlag';
import { createBrowserRouter, RouterProvider } from '@router';
import { APP_FRAME, buildRoutes } from '@shell/routes';
// Manrope is bundled and served by the app itself: no external font host.
import '@fontsource-variable/manrope/wght.css';
import './ui/theme.css';

// Before the first request, so the Feature-Flag header is already right.
applyFeatureFlagQuery(window.location.search);
// Before anything could send analytics: a stored choice applies at load (spec 4.7).
initConsent();

const apolloClient = createApolloClient();
const router = createBrowserRouter(buildRoutes(), APP_FRAME);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <RouterProvider router={router} />
    </ApolloProvider>
  </StrictMode>,
);
