import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ExecuteOnServer, RenderedPage, RenderPage } from '../../../domain/server-render.js';
import type { Logger } from '../logger.js';

/**
 * Server rendering of public pages for signed-out visitors (docs/product.md §Performance): the
 * client's own app, built for Node by `vite build --ssr` into client/dist-ssr, renders the page
 * with the server's GraphQL executor, and the browser hydrates it. Without it the browser can paint
 * a page only after downloading and running ~150 KB of JavaScript; with it the page's text is in
 * the HTML.
 *
 * It is an enhancement, never a gate: a missing build, a failure, a slow render or a busy process
 * serves the plain page, which the browser renders as before.
 */

export type { ExecuteOnServer } from '../../../domain/server-render.js';

/** The client's SSR entry (client/src/ssr/renderPage.tsx), as built. */
interface RenderModule {
  renderPage: RenderPage;
}

export interface PageRenderer {
  /** The page's markup for `#root` and its data block, or null when the plain page must do. */
  render(url: string, execute: ExecuteOnServer): Promise<RenderedPage | null>;
}

export interface PageRendererOptions {
  /** A render taking longer is given up for the plain page: the browser is then no worse off. */
  timeoutMs: number;
  /** Renders at once per process; more visitors meanwhile get the plain page rather than a queue. */
  maxConcurrent: number;
}

/** Renders with the client's SSR build at `entry` (config.serverRenderEntry); null or a missing file renders nothing. */
export function pageRenderer(entry: string | null, logger: Logger, options: PageRendererOptions): PageRenderer {
  // SERVER_RENDERS_AT_ONCE=0 turns it off on purpose: nothing to warn about then.
  if (options.maxConcurrent === 0 || entry === null) return { render: async () => null };
  if (!existsSync(entry)) {
    logger.warn({ entry }, 'the client has no server render build: pages are rendered by the browser alone');
    return { render: async () => null };
  }
  let loaded: Promise<RenderModule> | null = null;
  let running = 0;
  return {
    async render(url, execute) {
      if (running >= options.maxConcurrent) return null;
      running += 1;
      try {
        loaded ??= import(pathToFileURL(entry).href) as Promise<RenderModule>;
        const { renderPage } = await loaded;
        const started = performance.now();
        const rendered = await renderPage(url, execute, AbortSignal.timeout(options.timeoutMs));
        logger.debug({ url, ms: Math.round(performance.now() - started) }, 'server render');
        return rendered;
      } catch (error) {
        // The plain page still works; the log says which page could not be rendered and why.
        logger.warn({ err: error, url }, 'server render failed: the page is rendered by the browser');
        return null;
      } finally {
        running -= 1;
      }
    },
  };
}

/** The page with the rendered markup in `#root` and the data block after it. */
export function withRenderedRoot(html: string, rendered: RenderedPage): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>\n    ${rendered.stateScript}`);
}
