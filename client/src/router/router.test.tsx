import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from './history';
import { createMatcher } from './matchRoute';
import { createMemoryRouter, Link, NavLink, Outlet, RouterProvider, useLocation, useParams, useRouteError, useSearchParams } from './index';

describe('createMatcher', () => {
  const match = createMatcher([{ path: '*' }, { path: '/:username' }, { path: '/projects/:projectSlug/*' }, { path: '/404' }, { path: '/posts/:postRef' }, { path: '/' }]);
  const route = (pathname: string) => match(pathname)?.route.path;

  it('ranks fixed segments above params, and the catch-all last, whatever the table order', () => {
    expect(route('/404')).toBe('/404');
    expect(route('/janedoe')).toBe('/:username');
    expect(route('/')).toBe('/');
    expect(route('/no/such/page')).toBe('*');
  });

  it('gives decoded params and the splat, ignoring case and a trailing slash', () => {
    expect(match('/Posts/12-jane%20doe/')?.params).toEqual({ postRef: '12-jane doe' });
    expect(match('/projects/p7~spring/deliverables/x')?.params).toEqual({ projectSlug: 'p7~spring', '*': 'deliverables/x' });
    expect(match('/projects/p7~spring')?.params).toEqual({ projectSlug: 'p7~spring', '*': '' });
  });
});

describe('memory history', () => {
  it('pushes, replaces and goes back, numbering entries from the first page opened', () => {
    const history = createMemoryHistory(['/a']);
    history.navigate('/b?x=1');
    expect([history.location.pathname, history.location.search, history.index]).toEqual(['/b', '?x=1', 1]);
    history.navigate('c', { replace: true, state: { from: 'b' } });
    expect([history.location.pathname, history.location.state, history.index]).toEqual(['/c', { from: 'b' }, 1]);
    history.go(-1);
    expect([history.location.pathname, history.index]).toEqual(['/a', 0]);
  });
});

function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  const params = useParams();
  return (
    <p>
      {name} at {pathname + search} {JSON.stringify(params)}
    </p>
  );
}

function Layout() {
  return (
    <div>
      <nav>
        <NavLink to="/teams">Teams</NavLink>
        <NavLink to="/teams" end>
          Teams only
        </NavLink>
        <Link to="/teams/7">Team 7</Link>
      </nav>
      <Outlet />
    </div>
  );
}

describe('RouterProvider', () => {
  it('renders the matched page in the layout, and plain clicks on links navigate in the app', async () => {
    const router = createMemoryRouter(
      [
        { path: '/teams', element: <Page name="Teams" /> },
        { path: '/teams/:teamId', element: <Page name="Team" /> },
      ],
      { layout: Layout, initialEntries: ['/teams'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Teams at /teams {}')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Teams only' }).getAttribute('aria-current')).toBe('page');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Team 7' }));
    expect(await screen.findByText('Team at /teams/7 {"teamId":"7"}')).toBeTruthy();
    expect(router.history.index).toBe(1);
    // Under /teams, the plain NavLink stays current; the `end` one does not.
    expect(screen.getByRole('link', { name: 'Teams' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Teams only' }).getAttribute('aria-current')).toBeNull();
  });

  it("starts loading a linked page's code when the pointer is on the link, or it has focus", async () => {
    const preloadTeam = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/teams', element: <Page name="Teams" /> },
        { path: '/teams/:teamId', element: <Page name="Team" />, preload: preloadTeam },
      ],
      { layout: Layout, initialEntries: ['/teams'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: 'Teams' }));
    expect(preloadTeam).not.toHaveBeenCalled();
    await user.hover(screen.getByRole('link', { name: 'Team 7' }));
    expect(preloadTeam).toHaveBeenCalledTimes(1);
    screen.getByRole('link', { name: 'Team 7' }).focus();
    expect(preloadTeam).toHaveBeenCalledTimes(2);
  });

  it('changes the query with useSearchParams, keeping the page', async () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams((current) => (current.set('sort', 'newest'), current), { replace: true })}>
          sort {params.get('sort') ?? 'none'}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '/explore', Component: Filter }], { initialEntries: ['/explore?q=cats'] });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'sort none' }));
    expect(await screen.findByRole('button', { name: 'sort newest' })).toBeTruthy();
    expect(router.location.search).toBe('?q=cats&sort=newest');
    expect(router.history.index).toBe(0);
  });

  it('shows a page that throws through the error boundary inside the layout, and clears it on navigation', async () => {
    function Broken(): never {
      throw new Error('broken page');
    }
    function Failure() {
      return <p>Failed: {(useRouteError() as Error).message}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/broken', Component: Broken },
        { path: '/teams', element: <Page name="Teams" /> },
      ],
      { layout: Layout, ErrorBoundary: Failure, initialEntries: ['/broken'] },
    );
    // React reports the error it caught; here it is expected.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    reported.mockRestore();
    expect(screen.getByText('Failed: broken page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Team 7' })).toBeTruthy();
    act(() => router.navigate('/teams'));
    expect(await screen.findByText('Teams at /teams {}')).toBeTruthy();
  });
});
