import { useCallback, useContext, useMemo } from 'react';
import { HistoryContext, LocationContext, MatchContext } from './Router';
import type { History, Location, NavigateOptions, To } from './history';

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('Routing hooks need a RouterProvider or MemoryRouter above them');
  return history;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('Routing hooks need a RouterProvider or MemoryRouter above them');
  return location;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Back (−1) or forward in the session history. */
  (delta: number): void;
}

/** A stable function that moves to another address. */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  const navigate = useCallback((to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? history.go(to) : history.navigate(to, options)), [history]);
  return navigate as NavigateFunction;
}

/** Whether Back stays in the app: false on the first page opened in it (opened directly, or in a new tab). */
export function useCanGoBack(): () => boolean {
  const history = useHistory();
  return useCallback(() => history.index > 0, [history]);
}

/** The matched route's `:params` (and `*` for a trailing splat). */
export function useParams<P extends string = string>(): Partial<Record<P, string>> {
  return (useContext(MatchContext)?.params ?? {}) as Partial<Record<P, string>>;
}

/** The matched route's `handle` from the route table. */
export function useRouteHandle<Handle>(): Handle | undefined {
  return useContext(MatchContext)?.route.handle as Handle | undefined;
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

/** The query string as URLSearchParams, and a setter that navigates to the same page with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate({ search: value ? `?${value}` : '' }, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
