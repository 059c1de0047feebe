import type { IncomingMessage } from 'node:http';
import { parseOrigin, type AppConfig } from '../config.js';

/**
 * How a WebSocket upgrade may sign in, from its Origin header:
 * - `refused`: a browser page of any other origin. Cookies go with a socket to every origin of
 *   the same site (another port, a sibling subdomain), so without this check such a page could
 *   act as the signed-in user ("cross-site WebSocket hijacking"). `null` origins (sandboxed
 *   frames, files) are refused too.
 * - `cookie`: the app itself or a configured origin (the mobile app's web view): the session
 *   cookie counts, and so does a token in `connectionParams`. The app itself is PUBLIC_URL's
 *   origin and also the page's own, whatever address the visitor used (127.0.0.1, a LAN address
 *   or host name): an Origin whose scheme, host and port are the request's own (as Rails' Action
 *   Cable allows by default). A page elsewhere cannot send this server's Host.
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
  if (origin === null) return 'refused';
  return allowedOrigins.has(origin) || origin === ownOriginOf(request) ? 'cookie' : 'refused';
}

/** The origin the request was addressed to: its scheme on this server's socket, and its Host. */
function ownOriginOf(request: IncomingMessage): string | null {
  const host = request.headers.host;
  if (!host) return null;
  const scheme = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return parseOrigin(`${scheme}://${host}`);
}

/** The headers a socket's operations may sign in with. */
export function signInHeaders(request: IncomingMessage, signIn: SocketSignIn): IncomingMessage['headers'] {
  return signIn === 'cookie' && request.headers.cookie !== undefined ? { cookie: request.headers.cookie } : {};
}
