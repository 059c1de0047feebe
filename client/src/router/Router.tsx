import { Component, createContext, startTransition, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserHistory, createMemoryHistory, type History, type Location, type NavigateOptions, type To } from './history';
import { createMatcher, type RouteMatch } from './matchRoute';

/** One page of the route table. */
export interface RouteObject<Handle = unknown> {
  path: string;
  Component?: ComponentType;
  element?: ReactNode;
  /** Whatever the app wants to know about the matched route (`useRouteHandle`). */
  handle?: Handle;
  /** Starts loading the page's code: a link to it calls this on hover, focus or touch (`Link`). */
  preload?: () => unknown;
}

export interface RouterOptions {
  /** Wraps every page; renders the page where it puts `<Outlet />`. */
  layout?: ComponentType;
  /** Shown instead of what threw (the layout, or just the page inside the layout); `useRouteError` reads the error. */
  ErrorBoundary?: ComponentType;
}

export interface Router extends RouterOptions {
  history: History;
  routes: readonly RouteObject[];
  match: (pathname: string) => RouteMatch<RouteObject> | null;
  /** The current location (tests read where a navigation went). */
  readonly location: Location;
  /** Navigates from outside the React tree (tests). */
  navigate(to: To | number, options?: NavigateOptions): void;
}

function createRouter(history: History, routes: readonly RouteObject[], options: RouterOptions): Router {
  return {
    ...options,
    history,
    routes,
    match: createMatcher(routes),
    get location() {
      return history.location;
    },
    navigate: (to, options) => (typeof to === 'number' ? history.go(to) : history.navigate(to, options)),
  };
}

export const createBrowserRouter = (routes: readonly RouteObject[], options: RouterOptions = {}) => createRouter(createBrowserHistory(), routes, options);

export const createMemoryRouter = (routes: readonly RouteObject[], { initialEntries, ...options }: RouterOptions & { initialEntries?: string[] } = {}) =>
  createRouter(createMemoryHistory(initialEntries), routes, options);

export const HistoryContext = createContext<History | null>(null);
export const LocationContext = createContext<Location | null>(null);
export const MatchContext = createContext<RouteMatch<RouteObject> | null>(null);
/** Starts loading the code of the page at a pathname, if its route says how. */
export const PreloadContext = createContext<((pathname: string) => void) | null>(null);
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

/** The location, following the history. Updates are transitions, as React Router's were: a page whose code is still loading keeps the old one on screen. */
function useHistoryLocation(history: History): Location {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    const stop = history.listen((next) => startTransition(() => setLocation(next)));
    // Children's effects run before this one: a redirect while the app mounts (<Navigate>) came
    // before the subscription, and is picked up here.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catching up with the history once
    if (history.location !== location) setLocation(history.location);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per history
  }, [history]);
  return location;
}

/** Renders the route table's page for the current location inside the layout. */
export function RouterProvider({ router }: { router: Router }) {
  const location = useHistoryLocation(router.history);
  const match = useMemo(() => router.match(location.pathname), [router, location.pathname]);
  const { layout: Layout, ErrorBoundary } = router;
  const route = match?.route;
  const page = route ? (route.element ?? (route.Component ? <route.Component /> : null)) : null;
  const guard = (children: ReactNode) => (ErrorBoundary ? <RouteErrorBoundary fallback={<ErrorBoundary />} resetKey={location.key}>{children}</RouteErrorBoundary> : children);
  // A load that fails here is not reported: the click, if it comes, loads the page again and shows its error.
  const preload = useMemo(
    () => (pathname: string) => void Promise.resolve(router.match(pathname)?.route.preload?.()).catch(() => {}),
    [router],
  );
  return (
    <HistoryContext value={router.history}>
      <PreloadContext value={preload}>
        <LocationContext value={location}>
          <MatchContext value={match}>
            {Layout ? guard(<OutletContext value={guard(page)}><Layout /></OutletContext>) : guard(page)}
          </MatchContext>
        </LocationContext>
      </PreloadContext>
    </HistoryContext>
  );
}

/** Where the layout shows the matched page. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Routing for a component tested on its own, without a route table: `children` always render. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  const location = useHistoryLocation(history);
  return (
    <HistoryContext value={history}>
      <LocationContext value={location}>{children}</LocationContext>
    </HistoryContext>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  /** The location's key: a navigation clears the error, as it did with React Router. */
  resetKey: string;
  children: ReactNode;
}

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; errorKey: string | null }> {
  state = { error: undefined as unknown, errorKey: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error, errorKey: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; errorKey: string | null }) {
    if (state.errorKey === null && state.error !== undefined) return { errorKey: props.resetKey };
    if (state.errorKey !== null && state.errorKey !== props.resetKey) return { error: undefined, errorKey: null };
    return null;
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext>;
  }
}

/** The error the nearest route error boundary caught. */
export const useRouteError = () => useContext(RouteErrorContext);
