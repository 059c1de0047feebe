import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundHttp, OutboundRefused } from './outbound-http.js';
import { ScrapeFailure } from './scraped-post.js';

/**
 * A local server with one route per behaviour the client must handle. Paths are matched
 * after any leading `/{host}` segment, so the same routes serve direct and rewritten requests.
 */
let server: Server;
let origin: string;
let port: number;
const seen: string[] = [];

/** Far past every timeout below, so a busy machine cannot make "slow" look fast or "ok" look slow. */
const SLOW_ANSWER_MS = 30_000;

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  seen.push(path);
  const local = path.replace(/^\/[^/]*\.[^/]*(?=\/)/, '');
  const hops = /^\/hops\/(\d+)/.exec(local)?.[1];
  if (local === '/ok') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok from ${path}`);
  } else if (local === '/echo-headers') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
  } else if (local === '/slow') {
    setTimeout(() => res.end('late'), SLOW_ANSWER_MS).unref();
  } else if (local === '/slow-body') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first part…');
    setTimeout(() => res.end('…rest'), SLOW_ANSWER_MS).unref();
  } else if (local === '/big') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    for (let i = 0; i < 16; i++) res.write(Buffer.alloc(64 * 1024, 'x'));
    res.end();
  } else if (local === '/big-declared') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(1024 * 1024) });
    res.end(Buffer.alloc(1024 * 1024, 'x'));
  } else if (hops !== undefined) {
    const left = Number(hops);
    if (left === 0) res.writeHead(200).end('arrived');
    else res.writeHead(302, { location: `/hops/${left - 1}` }).end();
  } else if (local === '/to-network') {
    res.writeHead(301, { location: 'https://www.tiktok.com/@maya/video/7301234567890123456?lang=en' }).end();
  } else if (local === '/to-relative') {
    res.writeHead(302, { location: '/ok?from=relative' }).end();
  } else if (local === '/to-scraper-base') {
    res.writeHead(302, { location: `${origin}/www.youtube.com/ok` }).end();
  } else if (local === '/to-metadata') {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  } else if (local === '/latin1') {
    res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  } else {
    res.writeHead(404).end('no such route');
  }
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

/** Tests run against 127.0.0.1, so private addresses are allowed unless a test is about refusing them. */
const direct = () => createOutboundHttp({ scraperBaseUrl: null, allowPrivateAddresses: true, defaultTimeoutMs: 2_000, defaultMaxBytes: 64 * 1024 });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the request to fail'),
    (error: unknown) => error,
  );
}

describe('limits', () => {
  it('reads a normal answer, with its status, final url, headers and text', async () => {
    const response = await direct().get(`${origin}/ok`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${origin}/ok`);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('ok from /ok');
  });

  it('sends its user agent and the accept header asked for', async () => {
    const http = createOutboundHttp({ scraperBaseUrl: null, allowPrivateAddresses: true, userAgent: 'BylineTest/1' });
    const headers = JSON.parse(await (await http.get(`${origin}/echo-headers`, { accept: 'application/json' })).text()) as Record<string, string>;
    expect(headers['user-agent']).toBe('BylineTest/1');
    expect(headers['accept']).toBe('application/json');
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    const error = await failureOf(direct().get(`${origin}/slow`));
    expect(error).toBeInstanceOf(ScrapeFailure);
    expect((error as ScrapeFailure).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS / 3);
  });

  it('counts the body against the same deadline, so a slow drip times out too', async () => {
    const error = await failureOf(direct().get(`${origin}/slow-body`));
    expect((error as ScrapeFailure).reason).toBe('timeout');
  });

  it('lets one request set its own timeout', async () => {
    const error = await failureOf(direct().get(`${origin}/slow`, { timeoutMs: 100 }));
    expect((error as ScrapeFailure).reason).toBe('timeout');
  });

  it('stops reading a streamed body past the size limit', async () => {
    const error = await failureOf(direct().get(`${origin}/big`));
    expect(error).toBeInstanceOf(ScrapeFailure);
    expect((error as ScrapeFailure).reason).toBe('malformed');
    expect((error as ScrapeFailure).message).toBe('response too large');
  });

  it('refuses a body whose declared length is over the limit', async () => {
    const error = await failureOf(direct().get(`${origin}/big-declared`));
    expect((error as ScrapeFailure).message).toBe('response too large');
  });

  it('lets one request raise the size limit (pictures are bigger than pages)', async () => {
    const response = await direct().get(`${origin}/big`, { maxBytes: 2 * 1024 * 1024 });
    expect((await response.bytes()).byteLength).toBe(16 * 64 * 1024);
  });

  it('follows redirects up to the limit and reports where it landed', async () => {
    const response = await direct().get(`${origin}/hops/5`);
    expect(await response.text()).toBe('arrived');
    expect(response.url).toBe(`${origin}/hops/0`);
    expect(seen).toEqual(['/hops/5', '/hops/4', '/hops/3', '/hops/2', '/hops/1', '/hops/0']);
  });

  it('stops a redirect chain longer than the limit', async () => {
    const error = await failureOf(direct().get(`${origin}/hops/6`));
    expect((error as ScrapeFailure).reason).toBe('malformed');
    expect((error as ScrapeFailure).message).toMatch(/redirects more than 5 times/);
    expect(seen).toHaveLength(6);
  });

  it('decodes text in the charset the server names', async () => {
    expect(await (await direct().get(`${origin}/latin1`)).text()).toBe('café');
  });

  it('returns error statuses for the adapters to judge', async () => {
    expect((await direct().get(`${origin}/nothing-here`)).status).toBe(404);
  });

  it('reports a server that refuses connections as a failure worth retrying', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(direct().get(`http://127.0.0.1:${closedPort}/`));
    expect((error as ScrapeFailure).reason).toBe('blocked');
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])('refuses %s', async (url) => {
    const error = await failureOf(direct().get(url));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toBe('Invalid url');
  });
});

describe('SCRAPER_BASE_URL', () => {
  const viaBase = (allowPrivateAddresses = false) =>
    createOutboundHttp({ scraperBaseUrl: `${origin}/`, allowPrivateAddresses, defaultTimeoutMs: 2_000 });

  it('sends a network request to the base, host first, query kept', async () => {
    const response = await viaBase().get('https://www.tiktok.com/oembed?url=https%3A%2F%2Fwww.tiktok.com%2F%40a%2Fvideo%2F1');
    expect(seen).toEqual(['/www.tiktok.com/oembed?url=https%3A%2F%2Fwww.tiktok.com%2F%40a%2Fvideo%2F1']);
    // Adapters see the network's URL, never the base.
    expect(response.url).toBe('https://www.tiktok.com/oembed?url=https%3A%2F%2Fwww.tiktok.com%2F%40a%2Fvideo%2F1');
  });

  it('keeps a non-default port in the host segment', async () => {
    await viaBase().get('https://janedoe.studio:8443/ok');
    expect(seen).toEqual(['/janedoe.studio:8443/ok']);
  });

  it('rewrites redirects to absolute network URLs the same way', async () => {
    const response = await viaBase().get('https://vm.tiktok.com/to-network');
    expect(seen).toEqual(['/vm.tiktok.com/to-network', '/www.tiktok.com/@maya/video/7301234567890123456?lang=en']);
    expect(response.url).toBe('https://www.tiktok.com/@maya/video/7301234567890123456?lang=en');
  });

  it('reads relative redirects against the network URL, not the base', async () => {
    const response = await viaBase().get('https://www.instagram.com/to-relative');
    expect(seen).toEqual(['/www.instagram.com/to-relative', '/www.instagram.com/ok?from=relative']);
    expect(response.url).toBe('https://www.instagram.com/ok?from=relative');
  });

  it('understands a redirect that points at the base itself', async () => {
    const response = await viaBase().get('https://www.youtube.com/to-scraper-base');
    expect(seen).toEqual(['/www.youtube.com/to-scraper-base', '/www.youtube.com/ok']);
    expect(response.url).toBe('https://www.youtube.com/ok');
  });

  it('still refuses a redirect to a private address, checking every hop', async () => {
    const error = await failureOf(viaBase().get('https://www.facebook.com/to-metadata'));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(seen).toEqual(['/www.facebook.com/to-metadata']);
  });
});

describe('refusing private addresses (SSRF)', () => {
  const guarded = (lookupHost?: (hostname: string) => Promise<readonly string[]>) =>
    createOutboundHttp({ scraperBaseUrl: null, allowPrivateAddresses: false, defaultTimeoutMs: 2_000, lookupHost });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/ok`],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 192.168/16', () => 'http://192.168.1.1/admin'],
    ['IPv6 loopback', () => `http://[::1]:${port}/ok`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/ok`],
    ['loopback written as one number', () => `http://2130706433:${port}/ok`],
    ['localhost', () => `http://localhost:${port}/ok`],
    ['a .localhost name', () => `http://admin.localhost:${port}/ok`],
  ])('refuses %s without connecting', async (_name, url) => {
    const error = await failureOf(guarded().get(url()));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toBe('Invalid url');
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    const error = await failureOf(guarded(async () => ['93.184.216.34', '10.1.2.3']).get('https://intranet.example/'));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundRefused).why).toMatch(/resolves to 10\.1\.2\.3/);
  });

  it.each([
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['local-use NAT64 around a public address', '64:ff9b:1::808:808'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['the 6to4 relay anycast', '192.88.99.1'],
  ])('refuses a name that resolves into %s (%s) without sending anything', async (_range, address) => {
    const error = await failureOf(guarded(async () => [address]).get(`http://tunnel.example:${port}/ok`));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundRefused).why).toBe(`tunnel.example resolves to ${address}`);
    expect(seen).toEqual([]);
  });

  it('opens the socket to the address the checked lookup gave, never resolving the name again', async () => {
    // Private addresses allowed, so the fixture on 127.0.0.1 is reachable: only the socket's
    // own resolution (which knows no such name) could tell it where to go instead.
    const lookups: string[] = [];
    const http = createOutboundHttp({
      scraperBaseUrl: null,
      allowPrivateAddresses: true,
      defaultTimeoutMs: 1_000,
      lookupHost: async (hostname) => {
        lookups.push(hostname);
        return ['127.0.0.1'];
      },
    });
    const response = await http.get(`http://only-our-resolver-knows.example:${port}/ok`);
    expect(await response.text()).toBe('ok from /ok');
    expect(lookups).toEqual(['only-our-resolver-knows.example']);
  });

  it('reports a name that does not resolve as no such post', async () => {
    const error = await failureOf(guarded(async () => []).get('https://nowhere.example/'));
    expect((error as ScrapeFailure).reason).toBe('not_found');
  });

  it('allows the same addresses when private addresses are allowed (tests, trusted proxies)', async () => {
    const http = createOutboundHttp({ scraperBaseUrl: null, allowPrivateAddresses: true });
    expect((await http.get(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
    expect((await http.get(`http://localhost:${port}/ok`)).status).toBe(200);
    expect((await http.get(`http://[::ffff:127.0.0.1]:${port}/ok`)).status).toBe(200);
  });
});
