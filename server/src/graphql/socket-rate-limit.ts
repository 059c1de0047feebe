import type { EntityManager } from '@mikro-orm/postgresql';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Express, Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { PostgresRateLimitStore } from '../http/rate-limit.js';

/**
 * Whether one more operation of a WebSocket's client is within its limit. Each subscribe message
 * counts against the very budget its HTTP requests use (same store, prefix and key), so moving
 * to a socket buys a client nothing.
 */
export type SocketOperationLimit = (request: IncomingMessage) => Promise<boolean>;

export function socketOperationLimit(options: { app: Express; em: EntityManager; prefix: string; perMinute: number }): SocketOperationLimit {
  const store = new PostgresRateLimitStore(options.em, options.prefix);
  const clientIp = clientIpOf(options.app);
  return async (request) => {
    // express-rate-limit's own default key: the address, IPv6 grouped by /56.
    const { totalHits } = await store.increment(ipKeyGenerator(clientIp(request)));
    return totalHits <= options.perMinute;
  };
}

/**
 * The client address of an upgrade request by the rule express applies to `req.ip` (the app's
 * `trust proxy` setting): the upgrade never passes through express, so its request is seen
 * through express's request prototype, whose `ip` getter reads only the headers and the socket.
 */
function clientIpOf(app: Express): (request: IncomingMessage) => string {
  return (request) => {
    const asExpressRequest = Object.create(app.request, { headers: { value: request.headers }, socket: { value: request.socket } }) as Request;
    return asExpressRequest.ip ?? request.socket.remoteAddress ?? '';
  };
}
