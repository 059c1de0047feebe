import { useRouteHandle as useMatchedHandle } from '@router';
import type { RouteHandle } from './routes';

/** The matched page's handle from the route table (undefined outside a routed page: component tests). */
export function useRouteHandle(): RouteHandle | undefined {
  return useMatchedHandle<RouteHandle>();
}
