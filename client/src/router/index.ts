/**
 * Byline's router: the few React Router features the app used, in ~3 KB of code instead of
 * React Router's ~28 KB gz (the first-load budget of docs/product.md §Performance). See README.md
 * for why it is ours.
 */
export { createBrowserRouter, createMemoryRouter, MemoryRouter, Outlet, RouterProvider, useRouteError, type RouteObject, type Router, type RouterOptions } from './Router';
export { useCanGoBack, useLocation, useNavigate, useParams, useRouteHandle, useSearchParams, type NavigateFunction } from './hooks';
export { Link, Navigate, NavLink, type LinkProps } from './Link';
export type { Location, NavigateOptions, To } from './history';
export { createMatcher } from './matchRoute';
