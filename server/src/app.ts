import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import helmet from 'helmet';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import type { AppConfig } from './config.js';
import type { MikroORM } from './db/orm.js';
import { createApolloServer } from './graphql/apollo.js';
import type { RequestContext } from './graphql/context.js';
import { buildAppSchema } from './graphql/schema.js';
import { attachGraphQLWebSocket } from './graphql/websocket.js';
import { requestRateLimit } from './http/rate-limit.js';
import { apiErrorHandler, apiNotFound } from './http/rest.js';
import type { HttpContextFactory, RouteDeps } from './http/route-deps.js';
import type { Logger } from './logger.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionRefresh } from './modules/auth/session-refresh.js';
import { viewerFromHeaders } from './modules/auth/viewer.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { postMediaRoutes, postRoutes } from './modules/posts/post.routes.js';
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
    const viewer = await viewerFromHeaders(em, headers, config.jwtSecret, connectionToken);
    return { em, viewer, pubsub, boss: deps.queue.boss, config, logger };
  };
  // REST and GraphQL over HTTP: a session renewed on this request (session-refresh) counts at once.
  const contextFor: HttpContextFactory = (req, res) => createContext(req.headers, sessionTokenOf(res));
  const routeDeps: RouteDeps = { contextFor, config, orm, logger };

  app.disable('x-powered-by');
  // Behind a load balancer the client IP (for rate limits) is in X-Forwarded-For.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'connect-src': ["'self'", 'ws:', 'wss:'], 'img-src': ["'self'", 'data:', 'https:'] },
      },
      // Plain http on localhost must keep working in development.
      strictTransportSecurity: config.env === 'production',
    }),
  );
  app.use(['/graphql', '/api', '/media'], sessionRefresh({ orm, config, logger }));
  const limiter = requestRateLimit({ em: orm.em.fork(), prefix: 'ip:', perMinute: config.rateLimitPerMinute });

  const apollo = createApolloServer({ schema, httpServer, logger });
  await apollo.start();
  const ws = attachGraphQLWebSocket({ httpServer, schema, createContext, logger });

  app.use(
    '/graphql',
    limiter,
    express.json({ limit: JSON_BODY_LIMIT }),
    expressMiddleware(apollo, { context: ({ req, res }) => contextFor(req, res) }),
  );

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(healthRoutes(deps));
  api.use(limiter);
  api.use(authRoutes(routeDeps));
  api.use(postRoutes(contextFor));
  api.use(apiNotFound());
  api.use(apiErrorHandler(logger));
  app.use('/api', api);
  app.use('/graphql', apiErrorHandler(logger));
  app.use('/media', limiter, postMediaRoutes(contextFor), apiNotFound(), apiErrorHandler(logger));

  serveClient(app, config.clientDistDir);

  return {
    httpServer,
    async close() {
      await ws.dispose();
      await apollo.stop();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function sessionTokenOf(res: express.Response): string | null {
  const token: unknown = res.locals.sessionToken;
  return typeof token === 'string' ? token : null;
}

function serveClient(app: express.Express, clientDistDir: string | null): void {
  if (!clientDistDir) {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('Byline API is running. The web client is not built yet: run `npm run build`.');
    });
    return;
  }
  // Hashed assets may be cached for good; index.html must always be fresh.
  app.use('/assets', express.static(path.join(clientDistDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(clientDistDir, { index: false }));
  const indexHtml = path.join(clientDistDir, 'index.html');
  app.get('/{*path}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
