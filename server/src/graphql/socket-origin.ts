import type { IncomingMessage } from 'node:http';
import { parseOrigin, type AppConfig } from '../config.js';

/**
 * How a WebSocket upgrade may sign in, from its Origin header:
 * - `refused`: a browser page of any other origin. Cookies go with a socket to every origin of
 *   the same site (another port, a sibling subdomain), so without this check such a page could
 *   act as the signed-in user ("cross-site WebSocket hijacking"). `null` origins (sandboxed
 *   frames, files) are refused too.
 * - `cookie`: the app itself or a configured origin (the mobile app's web view): the session
 *   cookie counts, and so does a token in `connectionParams`.
 * - `token`: no Origin at all. Browsers always send one on a WebSocket upgrade, so this is a
 *   native app or a server: it may connect, but signs in only with `connectionParams.authToken`.
 *   Cookies (and the upgrade's Authorization header) are ignored rather than trusted: a proxy or
 *   an odd client that drops the header must not turn a foreign page's socket into a signed-in
 *   one, and refusing such clients outright would lock out integrators who send no Origin.
 */
export type SocketSignIn = 'refused' | 'cookie' | 'token';

export function allowedSocketOrigins(config: AppConfig): ReadonlySet<string> {
  return new Set([new URL(config.publicUrl).origin, ...config.wsAllowedOrigins]);
}

export function socketSignIn(request: IncomingMessage, allowedOrigins: ReadonlySet<string>): SocketSignIn {
  // The Origin of WebSocket protocol version 8 (pre-RFC browsers) has its own name; `ws` accepts it.
  const header = request.headers.origin ?? request.headers['sec-websocket-origin'];
  if (header === undefined) return 'token';
  const origin = typeof header === 'string' ? parseOrigin(header) : null;
  return origin !== null && allowedOrigins.has(origin) ? 'cookie' : 'refused';
}

/** The headers a socket's operations may sign in with. */
export function signInHeaders(request: IncomingMessage, signIn: SocketSignIn): IncomingMessage['headers'] {
  return signIn === 'cookie' && request.headers.cookie !== undefined ? { cookie: request.headers.cookie } : {};
}
