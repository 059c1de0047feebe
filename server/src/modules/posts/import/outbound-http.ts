/**
 * The one client every scraper request goes through. The URLs it fetches come from users
 * (a pasted link, a page's og:image), so it refuses private addresses, bounds time, size and
 * redirects, and follows redirects itself so that every hop is checked and rewritten.
 * Address checks happen where the socket opens (http/outbound/address-guard.ts); the checks here need no DNS.
 */
import { TextDecoder } from 'node:util';
import { fetch, type Response } from 'undici';
import * as MESSAGES from '../../../../../domain/messages.js';
import { AddressRefused, createGuardedAgent, type ResolveHost } from '../../../http/outbound/address-guard.js';
import { causeOfType, errorCode } from '../../../http/outbound/error-chain.js';
import { isIpLiteral, isNonPublicAddress } from '../../../http/outbound/ip-ranges.js';
import { ScrapeFailure, type OutboundHttp, type OutboundResponse } from './scraped-post.js';

export interface OutboundHttpOptions {
  /** Every request goes to this origin instead, with the real host as the first path segment. */
  scraperBaseUrl: string | null;
  /** Only for tests and trusted proxies: skip the refusal of private and loopback addresses. */
  allowPrivateAddresses: boolean;
  defaultTimeoutMs?: number;
  defaultMaxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Every address a host name resolves to, used by the connection itself; tests give their own instead of DNS. */
  lookupHost?: ResolveHost;
}

/** A URL we will not fetch; callers answer the user with the spec's "Invalid url". */
export class OutboundRefused extends Error {
  constructor(
    readonly url: string,
    readonly why: string,
  ) {
    super(MESSAGES.invalidUrl);
    this.name = 'OutboundRefused';
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; BylineBot/1.0; +https://byline.app/bot)';

export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 8_000;
  const defaultMaxBytes = options.defaultMaxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const scraperBase = options.scraperBaseUrl?.replace(/\/+$/, '') ?? null;
  // One agent for the client's lifetime: pooled connections were each checked when they opened.
  const dispatcher = createGuardedAgent({
    resolveHost: options.lookupHost,
    allowPrivateAddresses: options.allowPrivateAddresses,
    trustedOrigin: scraperBase === null ? null : new URL(scraperBase),
    connectTimeoutMs: defaultTimeoutMs,
  });

  /** Where a request for `target` really goes: itself, or the scraper base with its host as the first segment. */
  function wireUrl(target: URL): string {
    return scraperBase === null ? target.href : `${scraperBase}/${target.host}${target.pathname}${target.search}`;
  }

  /** A Location is read against the network URL we asked for, not the scraper base it was served from. */
  function nextTarget(location: string, current: URL): URL {
    if (scraperBase !== null && location.startsWith(`${scraperBase}/`)) return parseTarget(`https://${location.slice(scraperBase.length + 1)}`);
    return parseTarget(new URL(location, current).href);
  }

  /**
   * Refusals that need no DNS, before anything is sent. With a scraper base they are the only
   * ones: the base (a proxy) resolves names, but must not be handed a private address to visit.
   */
  function checkDestination(target: URL): void {
    if (options.allowPrivateAddresses) return;
    const host = target.hostname.replace(/\.$/, '');
    if (isIpLiteral(host) && isNonPublicAddress(host)) throw new OutboundRefused(target.href, `${host} is not a public address`);
    // RFC 6761: these names always mean this machine, whatever DNS says.
    if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundRefused(target.href, `${host} is this machine`);
  }

  async function follow(url: string, accept: string, maxBytes: number, signal: AbortSignal): Promise<OutboundResponse> {
    let target = parseTarget(url);
    for (let redirects = 0; ; redirects++) {
      checkDestination(target);
      const response = await fetch(wireUrl(target), {
        redirect: 'manual',
        signal,
        dispatcher,
        headers: { 'user-agent': userAgent, accept, 'accept-language': 'en' },
      });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) {
        const body = await readBounded(response, maxBytes);
        return toOutboundResponse(response, target.href, body);
      }
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new ScrapeFailure('malformed', `${url} redirects more than ${maxRedirects} times`);
      target = nextTarget(location, target);
    }
  }

  return {
    async get(url, request = {}) {
      const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
      // One deadline for the whole exchange: every hop and the body, so a slow drip cannot outlast it.
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        return await follow(url, request.accept ?? '*/*', request.maxBytes ?? defaultMaxBytes, signal);
      } catch (error) {
        if (error instanceof ScrapeFailure || error instanceof OutboundRefused) throw error;
        const refused = causeOfType(error, AddressRefused);
        if (refused) throw new OutboundRefused(url, refused.why);
        if (signal.aborted) throw new ScrapeFailure('timeout', `${url} did not answer within ${timeoutMs} ms`);
        throw transportFailure(url, error);
      }
    },
  };
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundRefused(url, 'not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundRefused(url, `${target.protocol} is not http or https`);
  target.hash = '';
  return target;
}

/** Reads the body as it streams and stops at the limit, so a huge answer never sits in memory. */
async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ScrapeFailure('malformed', 'response too large');
  }
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ScrapeFailure('malformed', 'response too large');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function toOutboundResponse(response: Response, url: string, body: Uint8Array): OutboundResponse {
  return {
    status: response.status,
    url,
    headers: response.headers,
    text: async () => decoderFor(response.headers.get('content-type')).decode(body),
    bytes: async () => body,
  };
}

function decoderFor(contentType: string | null): TextDecoder {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** A host that does not exist means no such post; other connection failures may pass, so they are retried. */
function transportFailure(url: string, error: unknown): ScrapeFailure {
  const code = errorCode(error);
  if (code === 'ENOTFOUND') return new ScrapeFailure('not_found', `${url}: no such host`);
  return new ScrapeFailure('blocked', `${url}: could not connect (${code ?? 'network error'})`);
}
