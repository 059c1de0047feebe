import type { EntityManager } from '@mikro-orm/postgresql';
import type { Express, Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { clientAddressOf } from '../http/client-address.js';
import { PostgresRateLimitStore } from '../http/rate-limit.js';

/**
 * Whether one more operation of a WebSocket's client is within its limit. Each subscribe message
 * counts against the very budget its HTTP requests use (same store, prefix and key), so moving
 * to a socket buys a client nothing.
 */
export type SocketOperationLimit = (request: IncomingMessage) => Promise<boolean>;

export function socketOperationLimit(options: { app: Express; em: EntityManager; prefix: string; perMinute: number }): SocketOperationLimit {
  const store = new PostgresRateLimitStore(options.em, options.prefix);
  const asExpress = asExpressRequest(options.app);
  return async (request) => {
    const { totalHits } = await store.increment(clientAddressOf(asExpress(request)));
    return totalHits <= options.perMinute;
  };
}

/**
 * An upgrade request seen as express sees requests, so `req.ip` follows the app's `trust proxy`
 * setting: the upgrade never passes through express, so it is viewed through express's request
 * prototype, whose `ip` getter reads only the headers and the socket.
 */
function asExpressRequest(app: Express): (request: IncomingMessage) => Request {
  return (request) => Object.create(app.request, { headers: { value: request.headers }, socket: { value: request.socket } }) as Request;
}
