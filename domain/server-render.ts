/**
 * The contract between the server and the client's server-render entry (client/src/ssr/renderPage.tsx,
 * built apart into client/dist-ssr and loaded by server/src/http/server-render.ts): each side
 * type-checks against this one definition, since neither can import the other's code.
 */

/** One GraphQL operation as the app's Apollo Client sends it and Apollo Server's `executeOperation` takes it. */
export interface ServerOperation {
  query: string;
  operationName?: string;
  variables: Record<string, unknown>;
}

/** An operation's answer as graphql-js formats it (its FormattedExecutionResult, spelled out so domain/ stays free of libraries). */
export interface ServerAnswer {
  data?: Record<string, unknown> | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

/** The server's own executor, with the visitor's context. */
export type ExecuteOnServer = (operation: ServerOperation) => Promise<ServerAnswer>;

export interface RenderedPage {
  /** The markup of `#root`'s contents. */
  html: string;
  /** The data block the browser hydrates its cache from. */
  stateScript: string;
}

/** What the built entry exports. */
export type RenderPage = (url: string, execute: ExecuteOnServer, signal: AbortSignal) => Promise<RenderedPage>;
