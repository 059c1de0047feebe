import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import helmet from 'helmet';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import { arePlansOpen, type AppConfig } from './config.js';
import { runtimeConfigScript, type RuntimeConfig } from '../../domain/runtime-config.js';
import { reportingDsn } from './error-reporting.js';
import type { MikroORM } from './db/orm.js';
import { AppError } from './errors/app-errors.js';
import { createApolloServer } from './graphql/apollo.js';
import { httpRefusal } from './graphql/http-refusal.js';
import { CostBudgetStore } from './graphql/cost-limit/cost-budget-store.js';
import { costLimitPlugin } from './graphql/cost-limit/cost-limit-plugin.js';
import { clientAddressOf } from './http/client-address.js';
import type { RequestContext, HttpContextFactory, RouteDeps } from './modules/users/index.js';
import { persistedQueriesInPostgres } from './graphql/persisted-queries.js';
import { buildAppSchema } from './registry.js';
import { allowedSocketOrigins } from './graphql/socket-origin.js';
import { socketOperationLimit } from './graphql/socket-rate-limit.js';
import { attachGraphQLWebSocket } from './graphql/websocket.js';
import { SessionSockets, appleSignInRoutes, auditMasqueradedRequests, authRoutes, refuseCrossSiteWrites, emailAuthRoutes, oauthRoutes, sessionRefresh, viewerFromHeaders, refuseReadOnlyTokenWrite, tokenScopePlugin } from './modules/auth/index.js';
import { requestRateLimit } from './http/rate-limit.js';
import { graphqlHttpErrorHandler } from './graphql/http-errors.js';
import { refuseUnstorableText } from './http/unstorable-text-guard.js';
import { precompressedAssets } from './http/precompressed-assets.js';
import { loadRoutePreloads, mayBeSignedIn, withPreloadTags, type RoutePreloads } from './http/route-preloads.js';
import { sendHtml } from './http/compressed-html.js';
import { stylesheetInliner } from './http/inline-styles.js';
import { pageStatusFor } from './http/page-status.js';
import { pageRenderer, withRenderedRoot, type ExecuteOnServer, type PageRenderer } from './http/server-render.js';
import { apiErrorHandler, apiNotFound, privateNoStore } from './http/rest.js';
import type { Logger } from './logger.js';
import { masqueradeRoutes } from './modules/admin/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { stripeWebhookRoutes } from './modules/billing/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { unsubscribeRoutes } from './modules/notifications/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createMailer } from './modules/mail/index.js';
import { postMediaRoutes, postRoutes } from './modules/posts/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { teamRoutes } from './modules/teams/index.js';
import { jobPageHead } from './modules/jobs/index.js';
import { eventCoverUploadRoutes, eventMediaRoutes, eventPageHead } from './modules/events/index.js';
import { pageHeadInjector } from './modules/profiles/index.js';
import { blogRoutes, contentPageHeadInjector } from './modules/content/index.js';
import { avatarMediaRoutes, avatarUploadRoutes } from './modules/settings/index.js';
import { conceptMediaRoutes, conceptPictureUploadRoutes } from './modules/projects/index.js';
import { visualMatchRoutes } from './modules/visualmatch/index.js';
import type { PostgresPubSub } from './pubsub/postgres-pubsub.js';
import type { JobQueue } from './queue/job-queue.js';

export interface AppDependencies {
  config: AppConfig;
  logger: Logger;
  orm: MikroORM;
  pubsub: PostgresPubSub;
  queue: JobQueue;
}

export interface RunningApp {
  httpServer: Server;
  /** Stops accepting requests and closes GraphQL and WebSocket handling (not the database). */
  close(): Promise<void>;
}

const JSON_BODY_LIMIT = '100kb';

/**
 * One express app on one port: /graphql (HTTP and WebSocket), /api (REST façade), and the built
 * client with a fallback to index.html for client-side routes.
 */
export async function createApp(deps: AppDependencies): Promise<RunningApp> {
  const { config, logger, orm, pubsub } = deps;
  const app = express();
  const httpServer = createServer(app);
  const schema = await buildAppSchema(pubsub);

  const createContext = async (headers: IncomingHttpHeaders, connectionToken: string | null): Promise<RequestContext> => {
    const em = orm.em.fork();
    const viewer = await viewerFromHeaders(em, headers, config.jwtSecret, connectionToken, arePlansOpen(config));
    return { em, viewer, pubsub, boss: deps.queue.boss, config, logger };
  };
  // REST and GraphQL over HTTP: a session renewed on this request (session-refresh) counts at once.
  const httpContextFor: HttpContextFactory = (req, res) => createContext(req.headers, sessionTokenOf(res));
  // Every REST route gets its viewer here, so a read-only token's changing calls are refused here once
  // (GraphQL checks the operation instead: tokenScopePlugin).
  const contextFor: HttpContextFactory = async (req, res) => refuseReadOnlyTokenWrite(req.method, await httpContextFor(req, res));
  const routeDeps: RouteDeps = { contextFor, config, orm, logger, mailer: createMailer(config, logger) };

  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may say who the client is (X-Forwarded-For): trusting a
  // whole private range let anything reaching the app through one of its hops pick its own
  // address and escape every per-IP limit. Nothing is trusted by default.
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
      // Google/Twitter sign-in in a popup: the page must keep its handle on the popup while it
      // visits the provider (the default same-origin would cut it); see modules/auth/oauth/oauth-finish.ts.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Plain http on localhost must keep working in development.
      strictTransportSecurity: config.env === 'production',
    }),
  );
  app.use('/api', privateNoStore());
  app.use(['/graphql', '/api', '/media'], sessionRefresh({ orm, config, logger }));
  // While an admin masquerades, every changing REST call is audited with both identities (docs/product.md §Masquerading).
  app.use('/api', auditMasqueradedRequests({ orm, config, logger }));
  const limiter = requestRateLimit({ em: orm.em.fork(), prefix: 'ip:', perMinute: config.rateLimitPerMinute });

  const apollo = createApolloServer({
    schema,
    httpServer,
    logger,
    // Both in PostgreSQL, so every server process shares one budget per caller and one set of persisted queries.
    persistedQueries: persistedQueriesInPostgres(orm.em.fork()),
    extraPlugins: [tokenScopePlugin(), costLimitPlugin({ store: new CostBudgetStore(orm.em.fork()), pointsPerHour: config.graphqlPointsPerHour })],
  });
  await apollo.start();
  const ws = attachGraphQLWebSocket({
    httpServer,
    schema,
    createContext,
    sessions: new SessionSockets(),
    logger,
    pubsub,
    allowedOrigins: allowedSocketOrigins(config),
    withinRateLimit: socketOperationLimit({ app, em: orm.em.fork(), prefix: 'ip:', perMinute: config.rateLimitPerMinute }),
  });

  app.use(
    '/graphql',
    limiter,
    express.json({ limit: JSON_BODY_LIMIT }),
    expressMiddleware(apollo, { context: async ({ req, res }) => ({ ...(await graphqlContext(httpContextFor(req, res))), clientAddress: clientAddressOf(req) }) }),
  );

  // Stripe's events need their raw bytes for the signature: before the API's JSON parser.
  app.use('/api', stripeWebhookRoutes({ config, orm, logger }));
  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(refuseUnstorableText());
  // Picture uploads are raw image bodies, not JSON: that router makes the cross-site check itself.
  api.use(avatarUploadRoutes(routeDeps, limiter));
  api.use(conceptPictureUploadRoutes(routeDeps, limiter));
  api.use(eventCoverUploadRoutes(routeDeps, limiter));
  api.use(visualMatchRoutes(routeDeps, limiter));
  // Apple posts its sign-in answer as a cross-site form: those routes check state and nonce instead.
  api.use(appleSignInRoutes(routeDeps, limiter));
  api.use(refuseCrossSiteWrites());
  api.use(healthRoutes(deps));
  api.use(limiter);
  api.use(authRoutes(routeDeps));
  api.use(oauthRoutes(routeDeps));
  api.use(masqueradeRoutes(routeDeps));
  api.use(auditRoutes(routeDeps));
  api.use(emailAuthRoutes(routeDeps));
  api.use(contactRoutes(routeDeps));
  api.use(postRoutes(contextFor));
  api.use(teamRoutes(contextFor));
  api.use(projectRoutes(contextFor));
  api.use(apiNotFound());
  api.use(apiErrorHandler(logger));
  app.use('/api', api);
  app.use('/graphql', graphqlHttpErrorHandler(logger));
  app.use('/media', limiter, refuseUnstorableText(), postMediaRoutes(contextFor), avatarMediaRoutes(contextFor), conceptMediaRoutes(contextFor), eventMediaRoutes(contextFor), apiNotFound(), apiErrorHandler(logger));

  // The blog's Atom feed is a file of its own, answered before the pages' catch-all.
  app.use('/blog', blogRoutes({ contentDir: config.contentDir, publicUrl: config.publicUrl }, limiter));
  // A mail's unsubscribe link: its own small page, open signed out (docs/product.md §Notification preferences).
  app.use('/unsubscribe', refuseUnstorableText(), unsubscribeRoutes({ orm, jwtSecret: config.jwtSecret }, limiter), apiErrorHandler(logger));

  // A page is rendered with the same executor, viewer, checks and cost budget as /graphql would
  // give the browser's own requests: the session cookie (renewed on this request when it had
  // expired, by pageSessionRefresh) decides who is asking. Only the cookie: a page is for a
  // browser, and an Authorization header on a page request must not render it as a token's owner
  // (the answer's caching is decided by the cookie alone).
  const executeForPage = (req: express.Request, res: express.Response): ExecuteOnServer => {
    let context: Promise<RequestContext> | null = null;
    return async (operation) => {
      context ??= createContext({ cookie: req.headers.cookie }, sessionTokenOf(res)).then((value) => ({ ...value, clientAddress: clientAddressOf(req) }));
      const response = await apollo.executeOperation(operation, { contextValue: await context });
      if (response.body.kind !== 'single') throw new Error('a server-rendered page asked for an incremental answer');
      return response.body.singleResult;
    };
  };
  serveClient(app, {
    clientDistDir: config.clientDistDir,
    renderer: pageRenderer(config.serverRenderEntry, logger, { timeoutMs: config.serverRenderTimeoutMs, maxConcurrent: config.serverRendersAtOnce }),
    indexable: config.env === 'production',
    runtimeConfig: { errorReporting: browserErrorReporting(config) },
    withPageHead: chainPageHeads([contentPageHeadInjector({ contentDir: config.contentDir, publicUrl: config.publicUrl, logger }), pageHeadInjector({ orm, publicUrl: config.publicUrl, logger, sources: [jobPageHead, eventPageHead] })]),
    executeForPage,
    // A page for someone signed in is rendered as them: a short-lived session cookie that has
    // expired is renewed from the refresh cookie first, as /graphql would on the page's first query.
    pageSessionRefresh: sessionRefresh({ orm, config, logger }),
    logger,
  });
  // Anything else (a page path with a bad percent-escape, a static file error): our shape, never
  // express's default page, which shows the stack outside production.
  app.use(apiErrorHandler(logger));

  return {
    httpServer,
    async close() {
      await ws.dispose();
      await apollo.stop();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/**
 * Our own origin only, except what a configured integration needs: reCAPTCHA's script and
 * frame come from Google, and only when a site key is set (development loads nothing); error
 * reports go to the DSN's host.
 */
function contentSecurityDirectives(config: AppConfig): Record<string, string[]> {
  const directives: Record<string, string[]> = { 'connect-src': ["'self'", 'ws:', 'wss:'], 'img-src': ["'self'", 'data:', 'https:'] };
  // The browser sends its error reports to the DSN's host.
  const errorReporting = browserErrorReporting(config);
  if (errorReporting) directives['connect-src']!.push(new URL(errorReporting.dsn).origin);
  if (config.recaptchaSiteKey && config.recaptchaSecret) {
    directives['script-src'] = ["'self'", 'https://www.google.com', 'https://www.gstatic.com'];
    directives['frame-src'] = ["'self'", 'https://www.google.com'];
  }
  return directives;
}

/** A refusal while reading the viewer (a dead personal access token) keeps its status, not Apollo's 500. */
async function graphqlContext(context: Promise<RequestContext>): Promise<RequestContext> {
  try {
    return await context;
  } catch (error) {
    throw error instanceof AppError ? httpRefusal(error) : error;
  }
}

/**
 * Whether the server renders this request's page (http/server-render.ts): a page open to a
 * signed-out visitor, or any page for a request with a session cookie, rendered as its viewer.
 * Only for a browser opening a page, which says it wants HTML: its requests for a missing
 * /favicon.ico or a picture also end at the page route. Not with `?ff=`, which sets a feature flag
 * the browser then sends with its own requests (docs/product.md §Shell): the server's render would
 * show the unflagged answers.
 */
function rendersOnServer(req: express.Request, signedIn: boolean, preloads: RoutePreloads): boolean {
  if (!(req.headers.accept?.includes('text/html') ?? false)) return false;
  if (new URLSearchParams(req.originalUrl.split('?')[1] ?? '').has('ff')) return false;
  return signedIn || preloads.openToSignedOut(req.path);
}

/** The `?…` part of a URL, kept across a redirect. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

function sessionTokenOf(res: express.Response): string | null {
  const token: unknown = res.locals.sessionToken;
  return typeof token === 'string' ? token : null;
}

type PageHeadFiller = (html: string, pathname: string) => Promise<string>;

/** Each filler in turn: each fills in the pages it knows (the blog and help, profiles and posts) and passes on the rest. */
function chainPageHeads(fillers: readonly PageHeadFiller[]): PageHeadFiller {
  return async (html, pathname) => {
    let result = html;
    for (const fill of fillers) result = await fill(result, pathname);
    return result;
  };
}

/** docs/product.md §Shell: outside production, pages ask search engines not to index them. */
/** The browser's error reporting (production with a DSN only); the page is untouched otherwise. */
function browserErrorReporting(config: AppConfig): RuntimeConfig['errorReporting'] {
  const dsn = reportingDsn(config, config.sentryBrowserDsn);
  return dsn ? { dsn, environment: config.env } : null;
}

/** Puts the run-time settings into the page when there are any (domain/runtime-config.ts). */
function withRuntimeConfig(html: string, runtimeConfig: RuntimeConfig): string {
  if (!runtimeConfig.errorReporting) return html;
  return html.replace('</head>', `    ${runtimeConfigScript(runtimeConfig)}\n  </head>`);
}

const ROBOTS_NOINDEX_META = '<meta name="robots" content="noindex" />';

/**
 * `withPageHead` fills in the head of shared pages (profiles, posts) for link previews and search
 * engines; each page also names its route's chunks (`modulepreload`), so they download beside the
 * shell instead of after it has run.
 */
interface ClientServing {
  clientDistDir: string | null;
  renderer: PageRenderer;
  indexable: boolean;
  /** Settings handed to the page at run time (domain/runtime-config.ts). */
  runtimeConfig: RuntimeConfig;
  withPageHead: (html: string, pathname: string) => Promise<string>;
  executeForPage: (req: express.Request, res: express.Response) => ExecuteOnServer;
  /** Renews an expired access cookie before a signed-in page is rendered (modules/auth/sessions/session-refresh.ts). */
  pageSessionRefresh: express.RequestHandler;
  logger: Logger;
}

function serveClient(app: express.Express, { clientDistDir, renderer, indexable, runtimeConfig, withPageHead, executeForPage, pageSessionRefresh, logger }: ClientServing): void {
  if (!clientDistDir) {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('Byline API is running. The web client is not built yet: run `npm run build`.');
    });
    return;
  }
  // Both the header and the tag: the header also covers assets, the tag survives a proxy that drops headers.
  if (!indexable) {
    app.use((_req, res, next) => {
      res.setHeader('X-Robots-Tag', 'noindex');
      next();
    });
  }
  // Hashed assets may be cached for good; index.html must always be fresh. Compressed copies
  // written at build time go to browsers that accept them.
  const assetsDir = path.join(clientDistDir, 'assets');
  app.use('/assets', precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: '1y', fallthrough: false }));
  // No redirect from a folder's name to the folder (`/blog` to `/blog/`): a page's address may be
  // the name of a folder of the build's files (the blog's covers are in /blog/covers).
  app.use(express.static(clientDistDir, { index: false, redirect: false }));
  // Read once, on first use: the built client does not change while the server runs.
  let indexHtml: Promise<string> | null = null;
  const loadIndexHtml = async () => {
    const html = await readFile(path.join(clientDistDir, 'index.html'), 'utf8');
    const withConfig = withRuntimeConfig(html, runtimeConfig);
    return indexable ? withConfig : withConfig.replace('</head>', `    ${ROBOTS_NOINDEX_META}\n  </head>`);
  };
  let routePreloads: Promise<RoutePreloads> | null = null;
  const inlineStylesheets = stylesheetInliner(clientDistDir);
  app.get('/{*path}', pageSessionRefresh, async (req, res) => {
    indexHtml ??= loadIndexHtml().catch((error: unknown) => {
      indexHtml = null;
      throw error;
    });
    routePreloads ??= loadRoutePreloads(clientDistDir, logger).catch((error: unknown) => {
      routePreloads = null;
      throw error;
    });
    const [html, preloads] = await Promise.all([indexHtml, routePreloads]);
    const signedIn = mayBeSignedIn(req.headers.cookie);
    // Which chunks are named, and what the page is rendered with, depend on the session cookie. A
    // page for someone signed in holds their own data: no cache keeps it, not even the browser's,
    // which would show it again on Back after they had signed out on a shared computer.
    res.setHeader('Cache-Control', signedIn ? 'private, no-store' : 'no-cache');
    res.vary('Cookie');
    const execute = executeForPage(req, res);
    // The status is looked up here, not read from the render, which may be skipped under load.
    const route = preloads.routeOf(req.path);
    const [page, rendered, status] = await Promise.all([
      withPageHead(html, req.path),
      rendersOnServer(req, signedIn, preloads) ? renderer.render(req.originalUrl, execute) : null,
      route ? pageStatusFor(route.path, route.param, execute, route.rest) : 200,
    ]);
    if (typeof status === 'object') return res.redirect(301, status.movedTo + queryOf(req.originalUrl));
    res.status(status);
    const tags = preloads.tagsFor(req.path, signedIn, rendered !== null);
    if (!rendered) return sendHtml(req, res, withPreloadTags(page, tags));
    await sendHtml(req, res, await inlineStylesheets(withPreloadTags(withRenderedRoot(page, rendered), tags)));
  });
}
