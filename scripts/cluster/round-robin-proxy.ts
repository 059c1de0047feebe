/**
 * The load balancer in front of the cluster check's Byline processes: round robin over HTTP
 * requests and WebSocket upgrades, as a plain TCP/HTTP balancer would do it (no stickiness).
 *
 * What it does when a backend dies, and why:
 * - A backend that refuses the connection is skipped and the next one is tried. Nothing of the
 *   request reached it, so resending is safe for every method, mutations included.
 * - A request that did reach the backend (the connection was open when the process died) is
 *   answered 502 and never resent: the backend may have carried it out (committed a credit, say)
 *   before dying, and only the client can know whether repeating it is safe.
 * Upstream connections are not kept alive: a pooled socket to a process that has just died
 * would take a request and fail it, which a fresh connection turns into a refusal.
 *
 * Every request and socket is recorded with its backend and its times on the caller's clock, so
 * a check can tell which failures were in flight on a killed backend.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** Clients name their requests and sockets with these headers, so both sides' records meet. */
export const REQUEST_ID_HEADER = 'x-cluster-request';
export const SOCKET_ID_HEADER = 'x-cluster-socket';

export interface ProxyBackend {
  name: string;
  host: string;
  port: number;
}

export interface ProxiedRequest {
  id: string | null;
  method: string;
  path: string;
  /** The backend that took the connection; null when every backend refused. */
  backend: string | null;
  /** Backends tried first that refused the connection. */
  refusedBy: string[];
  startedAt: number;
  endedAt: number | null;
  /** `answered`: a backend's whole answer was passed on; `failed`: answered 502 (or cut) by the proxy. */
  outcome: 'answered' | 'failed' | null;
  status: number | null;
  error: string | null;
}

export interface ProxiedSocket {
  id: string | null;
  backend: string | null;
  refusedBy: string[];
  openedAt: number;
  closedAt: number | null;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  requests: ProxiedRequest[];
  sockets: ProxiedSocket[];
  addBackend(backend: ProxyBackend): void;
  /**
   * The next request or socket goes to this backend first (the check's choreography: the process
   * it will kill takes the bulk import and the subscribers); round robin goes on after it.
   */
  steerNextTo(backendName: string): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function startRoundRobinProxy(options: { now: () => number }): Promise<RoundRobinProxy> {
  const backends: ProxyBackend[] = [];
  const requests: ProxiedRequest[] = [];
  const sockets: ProxiedSocket[] = [];
  const openSockets = new Set<Duplex>();
  let turn = 0;
  let steered: string | null = null;

  /** The backends in the order this request tries them: the next in turn (or the steered one) first. */
  function rotation(): ProxyBackend[] {
    const steeredIndex = backends.findIndex((backend) => backend.name === steered);
    steered = null;
    const start = steeredIndex >= 0 ? steeredIndex : turn++ % Math.max(1, backends.length);
    return [...backends.slice(start), ...backends.slice(0, start)];
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const record: ProxiedRequest = {
      id: headerValue(req, REQUEST_ID_HEADER),
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      backend: null,
      refusedBy: [],
      startedAt: options.now(),
      endedAt: null,
      outcome: null,
      status: null,
      error: null,
    };
    requests.push(record);
    const fail = (status: number, error: string) => {
      record.endedAt = options.now();
      record.outcome = 'failed';
      record.status = status;
      record.error = error;
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(error);
      else res.destroy();
    };

    // Read the whole body first, so it can go to another backend when one refuses the connection.
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      fail(400, String(error));
      return;
    }
    for (const backend of rotation()) {
      const upstream = await openUpstream(backend, req, body);
      if (upstream === 'refused') {
        record.refusedBy.push(backend.name);
        continue;
      }
      record.backend = backend.name;
      if (upstream instanceof Error) return fail(502, `${backend.name}: ${upstream.message}`);
      res.writeHead(upstream.statusCode ?? 502, withoutHopByHop(upstream.headers));
      upstream.pipe(res);
      upstream.once('error', (error) => fail(502, `${backend.name}: ${error.message}`));
      upstream.once('close', () => {
        if (!upstream.complete) fail(502, `${backend.name}: answer cut short`);
      });
      res.once('finish', () => {
        if (record.outcome !== null) return;
        record.endedAt = options.now();
        record.outcome = 'answered';
        record.status = upstream.statusCode ?? null;
      });
      return;
    }
    fail(502, 'every backend refused the connection');
  }

  function forwardUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): void {
    const record: ProxiedSocket = { id: headerValue(req, SOCKET_ID_HEADER), backend: null, refusedBy: [], openedAt: options.now(), closedAt: null };
    sockets.push(record);
    openSockets.add(client);
    const closeRecord = () => {
      record.closedAt ??= options.now();
      openSockets.delete(client);
    };
    client.once('close', closeRecord);
    client.on('error', () => client.destroy());

    const candidates = rotation();
    const tryNext = (): void => {
      const backend = candidates.shift();
      if (!backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      const upstream = connect(backend.port, backend.host);
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && record.backend === null) {
          record.refusedBy.push(backend.name);
          tryNext();
        } else client.destroy();
      });
      upstream.once('connect', () => {
        record.backend = backend.name;
        openSockets.add(upstream);
        upstream.write(upgradeRequestHead(req));
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        // Either side going away takes the other with it: the client then reconnects.
        upstream.once('close', () => {
          openSockets.delete(upstream);
          client.destroy();
        });
        client.once('close', () => upstream.destroy());
      });
    };
    tryNext();
  }

  const server = createServer((req, res) => void forward(req, res));
  server.on('upgrade', forwardUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    sockets,
    addBackend: (backend) => backends.push(backend),
    steerNextTo: (backendName) => {
      steered = backendName;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of openSockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The backend's answer, `refused` when it would not take the connection, or the error that cut it. */
function openUpstream(backend: ProxyBackend, req: IncomingMessage, body: Buffer): Promise<IncomingMessage | 'refused' | Error> {
  return new Promise((resolve) => {
    let connected = false;
    const upstream = httpRequest({ host: backend.host, port: backend.port, method: req.method, path: req.url, headers: forwardedHeaders(req, body), agent: false }, resolve);
    upstream.once('socket', (socket: Socket) => socket.once('connect', () => (connected = true)));
    upstream.once('error', (error: NodeJS.ErrnoException) => resolve(!connected && error.code === 'ECONNREFUSED' ? 'refused' : error));
    upstream.end(body);
  });
}

function forwardedHeaders(req: IncomingMessage, body: Buffer): Record<string, string | string[]> {
  const headers = withoutHopByHop(req.headers);
  delete headers['content-length'];
  headers['content-length'] = String(body.length);
  headers.connection = 'close';
  return headers;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function withoutHopByHop(source: IncomingMessage['headers']): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  return headers;
}

/** The upgrade request as the client sent it, to replay on the backend's socket. */
function upgradeRequestHead(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
