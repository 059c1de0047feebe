import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from '@shell/routes';
import { createFakeGraphQL, type FakeAnswers } from './fakeGraphQL';

/** Renders the whole app (shell + routed page) at `url` against a fake GraphQL server. */
export function renderApp(url: string, answers: FakeAnswers) {
  const fake = createFakeGraphQL(answers);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  const view = render(
    <ApolloProvider client={fake.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { ...view, fake, router };
}
