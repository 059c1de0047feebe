import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@router';
import { APP_FRAME, buildRoutes } from '@shell/routes';
import { shellDone } from '@ui/hydration';
import { createFakeGraphQL, type FakeAnswers } from './fakeGraphQL';

/** Renders the whole app (shell + routed page) at `url` against a fake GraphQL server. */
export function renderApp(url: string, answers: FakeAnswers) {
  const fake = createFakeGraphQL(answers);
  const router = createMemoryRouter(buildRoutes(), { ...APP_FRAME, initialEntries: [url] });
  const view = render(
    <ApolloProvider client={fake.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  // As main.tsx does once the shell has rendered: parts are counted from here, and idle work may start.
  shellDone();
  return { ...view, fake, router };
}
