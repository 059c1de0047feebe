import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from './RouteGuard';

type GuardProps = Omit<Parameters<typeof RouteGuard>[0], 'children' | 'fallback' | 'redirectTo'>;

function renderGuard(props: GuardProps) {
  const router = createMemoryRouter(
    [
      {
        path: '/page',
        element: (
          <RouteGuard {...props} fallback={<p>Please sign in</p>} redirectTo="/elsewhere">
            <p>The content</p>
          </RouteGuard>
        ),
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/page'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('route guard', () => {
  it('shows the content when authenticated', () => {
    renderGuard({ authenticated: true });
    expect(screen.getByText('The content')).toBeTruthy();
  });

  it('shows the fallback when not authenticated, even where a user record is required', () => {
    renderGuard({ authenticated: false, requireUser: true, hasUser: false });
    expect(screen.getByText('Please sign in')).toBeTruthy();
    expect(screen.queryByText('The content')).toBeNull();
  });

  it('shows the content when the required user record exists', () => {
    renderGuard({ authenticated: true, requireUser: true, hasUser: true });
    expect(screen.getByText('The content')).toBeTruthy();
  });

  it('redirects at once when the user record is missing and no message is given', async () => {
    const router = renderGuard({ authenticated: true, requireUser: true, hasUser: false });
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.location.pathname).toBe('/elsewhere');
    expect(screen.queryByText('The content')).toBeNull();
  });

  it('shows the message for 3000 ms, then redirects', async () => {
    vi.useFakeTimers();
    const router = renderGuard({ authenticated: true, requireUser: true, hasUser: false, message: 'Finish signing up first.' });
    expect(screen.getByRole('status').textContent).toBe('Finish signing up first.');
    expect(screen.queryByText('The content')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(router.location.pathname).toBe('/page');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.location.pathname).toBe('/elsewhere');
  });
});
