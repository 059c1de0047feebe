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
}

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
        // The answer's body is of no use to us; dropping it frees the connection.
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'answered', status: response.status };
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

/** Refusals that need no DNS: an address literal that is not public, or a name for this machine. */
export function isPlainlyNotPublic(target: URL): boolean {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIpLiteral(host) && isNonPublicAddress(host)) return true;
  // RFC 6761: these names always mean this machine, whatever DNS says.
  return host === 'localhost' || host.endsWith('.localhost');
}
