import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './shell/apollo';
import { applyFeatureFlagQuery } from './shell/featureFlag';
import { buildRoutes } from './shell/routes';
import './ui/theme.css';

// Before the first request, so the Feature-Flag header is already right.
applyFeatureFlagQuery(window.location.search);

const apolloClient = createApolloClient();
const router = createBrowserRouter(buildRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <RouterProvider router={router} />
    </ApolloProvider>
  </StrictMode>,
);
