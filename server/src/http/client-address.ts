import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The key a client's requests are counted under by the general limits (HTTP, WebSocket
 * operations, the GraphQL budget): express's `req.ip` (TRUST_PROXY's rule), IPv6 grouped by /56
 * as express-rate-limit does by default. The auth limits group by /64 (auth/limits/client-address.ts).
 */
export function clientAddressOf(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');
}
