import { parse as parseCookies } from 'cookie';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { REFRESH_COOKIE } from './session-cookie-names.js';
import { SESSION_COOKIE } from './session-cookie-names.js';

/**
 * The table the client's build writes (client/build/routePreloads.ts): every route in the order
 * the client's router tries them, with the chunks its page needs beyond the shell.
 */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

const routePreloadTable = z.object({
  routes: z.array(
    z.object({
      path: z.string(),
      pattern: z.string(),
      flags: z.string(),
      signedOut: z.boolean(),
      scripts: z.array(z.string()),
      styles: z.array(z.string()),
    }),
  ),
});

/** A route that shows a path: its pattern (`/:username`), its first parameter, and what a trailing `*` matched. */
export interface MatchedRoute {
  path: string;
  param: string | undefined;
  rest?: string | undefined;
}

export interface RoutePreloads {
  /**
   * The `<link>` tags for the page at `pathname`: empty where there is nothing to preload. A page
   * the server rendered (`rendered`) gets its stylesheets applied, not only fetched: its markup is
   * painted before any script runs.
   */
  tagsFor(pathname: string, signedIn: boolean, rendered?: boolean): string;
  /** Whether a signed-out visitor sees the page at `pathname` itself (not the sign-up page). */
  openToSignedOut(pathname: string): boolean;
  /** The route that shows `pathname`, or null without a route table. */
  routeOf(pathname: string): MatchedRoute | null;
}

const NO_PRELOADS: RoutePreloads = { tagsFor: () => '', openToSignedOut: () => false, routeOf: () => null };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * As Vite writes the shell's own: `crossorigin` as the module scripts are fetched, so the browser
 * reuses the preloaded response when the shell imports the page. Stylesheets are only fetched
 * (`preload`, not `stylesheet`): the first paint does not wait for them, and the shell's loader
 * applies them with the page as before.
 */
function linkTags(scripts: readonly string[], styles: readonly string[], styleRel: 'preload' | 'stylesheet'): string {
  const styleAttributes = styleRel === 'preload' ? 'rel="preload" as="style"' : 'rel="stylesheet"';
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...styles.map((href) => `<link ${styleAttributes} crossorigin href="${escapeAttribute(href)}">`),
  ].join('\n    ');
}

/**
 * The preloads of the built client in `clientDistDir`. Only a route a visitor will see gets them:
 * a members-only page opened without a session cookie sends the visitor to sign up, so its chunks
 * would be wasted bytes on a slow line. A client built without the table (or a test's stand-in)
 * gets none.
 */
export async function loadRoutePreloads(clientDistDir: string, logger: Logger): Promise<RoutePreloads> {
  let text: string;
  try {
    text = await readFile(path.join(clientDistDir, ROUTE_PRELOADS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    logger.warn({ file: ROUTE_PRELOADS_FILE }, 'the built client has no route preload table: pages load their chunks after the shell');
    return NO_PRELOADS;
  }
  let table: z.infer<typeof routePreloadTable>;
  try {
    table = routePreloadTable.parse(JSON.parse(text));
  } catch (error) {
    // A build fault: the pages still work, only without the head start.
    logger.error({ err: error, file: ROUTE_PRELOADS_FILE }, 'the route preload table does not read: pages load their chunks after the shell');
    return NO_PRELOADS;
  }
  const routes = table.routes.map((route) => ({
    path: route.path,
    regex: new RegExp(route.pattern, route.flags),
    signedOut: route.signedOut,
    tags: linkTags(route.scripts, route.styles, 'preload'),
    renderedTags: linkTags(route.scripts, route.styles, 'stylesheet'),
  }));
  const routeFor = (pathname: string) => routes.find((candidate) => candidate.regex.test(pathname));
  return {
    tagsFor(pathname, signedIn, rendered = false) {
      const route = routeFor(pathname);
      if (!route || !(signedIn || route.signedOut)) return '';
      return rendered ? route.renderedTags : route.tags;
    },
    openToSignedOut: (pathname) => routeFor(pathname)?.signedOut ?? false,
    routeOf(pathname) {
      for (const route of routes) {
        const match = route.regex.exec(pathname);
        if (match) return { path: route.path, param: match[1], rest: match[2] };
      }
      return null;
    },
  };
}

/**
 * Whether the request may be signed in: a session or refresh cookie is there (the page's first
 * query checks it). Only decides which chunks to name, never what anyone may see.
 */
export function mayBeSignedIn(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookies(cookieHeader);
  return Boolean(cookies[SESSION_COOKIE] || cookies[REFRESH_COOKIE]);
}

/** The page with the tags at the end of its head, after the shell's own script and preloads. */
export function withPreloadTags(html: string, tags: string): string {
  return tags === '' ? html : html.replace('</head>', `    ${tags}\n  </head>`);
}
