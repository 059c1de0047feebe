/**
 * Sends deliveries through the outbound address guard of the post import (posts/import): a
 * webhook URL is user-given, exactly like a pasted link, so it must never reach this machine or
 * the private network (cloud metadata, the database, internal services). The guard checks the
 * address each connection really opens to, so DNS rebinding cannot slip past the URL check.
 * Redirects are not followed: a receiver that moved is told so in the log, not chased.
 */
import { fetch, type Agent } from 'undici';
import { AddressRefused, createGuardedAgent, type ResolveHost } from '../../http/outbound/address-guard.js';
import { causeOfType, errorCode } from '../../http/outbound/error-chain.js';
import { isIpLiteral, isNonPublicAddress } from '../../http/outbound/ip-ranges.js';

export interface WebhookHttpOptions {
  /**
   * Tests and development only (config WEBHOOK_PRIVATE_ORIGINS): these origins are reached
   * whatever their address. Empty in production.
   */
  privateOrigins: readonly string[];
  timeoutMs: number;
  lookupHost?: ResolveHost;
}

/** The receiver answered (any status). */
export interface WebhookAnswer {
  kind: 'answered';
  status: number;
  /** The start of the answer's body, for the owner's delivery log; null when it was empty. */
  excerpt: string | null;
}

/** How much of an answer the log keeps: enough to read an error message, not a whole page. */
export const RESPONSE_EXCERPT_CHARACTERS = 500;
/** Bytes read at most to fill the excerpt (UTF-8 takes up to 4 a character). */
const RESPONSE_EXCERPT_BYTES = RESPONSE_EXCERPT_CHARACTERS * 4;

/**
 * The whole of what a refusal on address grounds says, whichever check made it. The log is the
 * integrator's to read: naming what their host resolved to would let them map the private
 * network through DNS, one webhook URL at a time.
 */
export const ADDRESS_REFUSED_ERROR = 'Refused: not a public address (webhooks reach public addresses only)';

/** No answer: `refused` (a private address, never retried), `timeout` or `network` (retried). */
export interface WebhookNoAnswer {
  kind: 'refused' | 'timeout' | 'network';
  error: string;
}

export interface WebhookHttp {
  post(url: string, body: string, headers: Record<string, string>): Promise<WebhookAnswer | WebhookNoAnswer>;
  close(): Promise<void>;
}

export function createWebhookHttp(options: WebhookHttpOptions): WebhookHttp {
  const guarded = createGuardedAgent({ resolveHost: options.lookupHost, allowPrivateAddresses: false, trustedOrigin: null, connectTimeoutMs: options.timeoutMs });
  // One agent per allowed origin: each trusts exactly that origin, as SCRAPER_BASE_URL's does.
  const trusted = new Map<string, Agent>(
    options.privateOrigins.map((origin) => [
      origin,
      createGuardedAgent({ resolveHost: options.lookupHost, allowPrivateAddresses: false, trustedOrigin: new URL(origin), connectTimeoutMs: options.timeoutMs }),
    ]),
  );

  return {
    async post(url, body, headers) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return { kind: 'refused', error: 'The URL is not valid' };
      }
      const dispatcher = trusted.get(target.origin) ?? guarded;
      if (dispatcher === guarded && isPlainlyNotPublic(target)) return { kind: 'refused', error: ADDRESS_REFUSED_ERROR };
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await fetch(target, { method: 'POST', body, headers, redirect: 'manual', signal, dispatcher });
        const excerpt = await readExcerpt(response.body);
        return { kind: 'answered', status: response.status, excerpt };
      } catch (error) {
        if (causeOfType(error, AddressRefused)) return { kind: 'refused', error: ADDRESS_REFUSED_ERROR };
        if (signal.aborted) return { kind: 'timeout', error: `No answer within ${options.timeoutMs} ms` };
        return { kind: 'network', error: `Could not connect (${errorCode(error) ?? 'network error'})` };
      }
    },
    async close() {
      await Promise.all([guarded, ...trusted.values()].map((agent) => agent.close()));
    },
  };
}

/**
 * The first characters of an answer. Only the first few kilobytes are read and the rest is
 * dropped, which frees the connection: a receiver cannot make Byline read a large body. A read
 * that fails part way keeps what came.
 */
async function readExcerpt(body: ReadableStream<Uint8Array> | null): Promise<string | null> {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
  } catch {
    // The excerpt is a courtesy: a broken body leaves what was read.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  const excerpt = [...text].slice(0, RESPONSE_EXCERPT_CHARACTERS).join('');
  return excerpt.length > 0 ? excerpt : null;
}

/** Refusals that need no DNS: an address literal that is not public, or a name for this machine. */
export function isPlainlyNotPublic(target: URL): boolean {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIpLiteral(host) && isNonPublicAddress(host)) return true;
  // RFC 6761: these names always mean this machine, whatever DNS says.
  return host === 'localhost' || host.endsWith('.localhost');
}
