import type { Server } from 'node:http';
import { declaredRouteInputs, type RouteInputSchemas } from './validated-route.js';

/** One method and path the app answers, as written in its router (`/api/posts/:id`). */
export interface RouteEntry {
  method: string;
  path: string;
  /** The zod schemas the route parses its inputs with, when it declares them (see validatedRoute). */
  inputs: RouteInputSchemas | undefined;
}

/** The parts of express' router layers read here (express keeps them public but untyped). */
interface RouterLayer {
  rawPath?: unknown;
  handle?: unknown;
  route?: { path?: unknown; methods?: Record<string, boolean | undefined>; stack?: Array<{ handle?: unknown }> };
}

function stackOf(handle: unknown): RouterLayer[] | null {
  if (typeof handle !== 'function') return null;
  const stack: unknown = (handle as { stack?: unknown }).stack;
  return Array.isArray(stack) ? (stack as RouterLayer[]) : null;
}

function pathsOf(rawPath: unknown): string[] {
  if (typeof rawPath === 'string') return [rawPath];
  // A mount on several paths (`app.use(['/a', '/b'], …)`); regular-expression paths are not walked.
  return Array.isArray(rawPath) ? rawPath.filter((path): path is string => typeof path === 'string') : [];
}

function joinPath(prefix: string, path: string): string {
  return prefix + (path === '/' ? '' : path) || '/';
}

function collect(stack: RouterLayer[], prefix: string, into: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const routePath = typeof layer.route.path === 'string' ? layer.route.path : null;
      if (routePath === null) continue;
      const inputs = (layer.route.stack ?? []).map((step) => declaredRouteInputs(step.handle)).find((found) => found !== undefined);
      for (const [method, handled] of Object.entries(layer.route.methods ?? {})) {
        if (handled) into.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path: joinPath(prefix, routePath), inputs });
      }
      continue;
    }
    const inner = stackOf(layer.handle);
    if (inner) for (const path of pathsOf(layer.rawPath)) collect(inner, joinPath(prefix, path), into);
  }
}

/**
 * Every route of the express app serving `httpServer`, read from its router stack, so tools
 * that must cover every route (the hostile-input test) also cover routes added later.
 */
export function listRoutes(httpServer: Server): RouteEntry[] {
  const app = httpServer.listeners('request')[0];
  const router: unknown = typeof app === 'function' ? (app as { router?: unknown }).router : undefined;
  const stack = typeof router === 'function' || typeof router === 'object' ? stackOf(router) ?? (router as { stack?: RouterLayer[] } | null)?.stack ?? null : null;
  if (!stack) throw new Error('The HTTP server is not an express app with a router stack.');
  const routes: RouteEntry[] = [];
  collect(stack, '', routes);
  return routes;
}
