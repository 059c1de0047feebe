import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { documentTitle } from './brand';
import { applyFeatureFlagQuery } from './featureFlag';
import { Footer } from './Footer';
import type { RouteHandle } from './routes';
import { TopBar } from './TopBar';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The page's title from the route table, i.e. the deepest matched route that has one. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** The shared layout every page is wrapped in (spec 2.2). */
export function AppLayout() {
  const title = useRouteTitle();
  const { search } = useLocation();

  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);

  useEffect(() => applyFeatureFlagQuery(search), [search]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="shell__main" tabIndex={-1}>
        {/* Pages load lazily: the shell paints first, the page's chunk follows. */}
        <Suspense fallback={<div className="page" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
