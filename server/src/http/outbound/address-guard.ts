/**
 * The connection-level half of the SSRF guard: one undici Agent whose sockets open only to
 * addresses checked against the blocklist. The name is resolved once, inside the connect step,
 * and the socket is given exactly that checked answer, so a DNS server that answers "public"
 * once and "private" the next time (rebinding) cannot slip a private address in between.
 */
import { lookup } from 'node:dns/promises';
import type { LookupAddress, LookupOneOptions, LookupAllOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isNonPublicAddress } from './ip-ranges.js';

/** Every address a host name resolves to, in the resolver's order. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

export interface GuardedAgentOptions {
  resolveHost?: ResolveHost;
  /** Only for tests: connect wherever names resolve, loopback included. */
  allowPrivateAddresses: boolean;
  /**
   * The SCRAPER_BASE_URL origin: the operator chose it (a local fixture server, an egress
   * proxy), so it is reached whatever its address. Nothing else is.
   */
  trustedOrigin: URL | null;
  connectTimeoutMs: number;
}

/** A connection the guard would not open; outbound-http answers it as "Invalid url". */
export class AddressRefused extends Error {
  readonly code = 'E_ADDRESS_REFUSED';
  constructor(readonly why: string) {
    super(why);
    this.name = 'AddressRefused';
  }
}

/** The callback shape of dns.lookup, both single (`all: false`) and list (`all: true`, used by happy eyeballs). */
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type SocketLookup = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

export async function resolveWithSystemDns(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * A dns.lookup replacement for net.connect: resolves with `resolveHost`, refuses the whole
 * answer if any address in it is not public (an attacker controls the order), and hands the
 * socket only what it checked.
 */
export function guardedLookup(resolveHost: ResolveHost, allowPrivateAddresses: boolean): SocketLookup {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (resolved) => {
        if (resolved.length === 0) return callback(notFound(hostname), []);
        const refused = allowPrivateAddresses ? undefined : resolved.find((address) => isNonPublicAddress(address));
        if (refused !== undefined) return callback(new AddressRefused(`${hostname} resolves to ${refused}`), []);
        const addresses = resolved.map((address) => ({ address, family: isIP(address) }));
        if (options.all === true) return callback(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const resolveHost = options.resolveHost ?? resolveWithSystemDns;
  const timeout = options.connectTimeoutMs;
  const guarded = buildConnector({ timeout, lookup: guardedLookup(resolveHost, options.allowPrivateAddresses) });
  const trusted = buildConnector({ timeout });
  const trustedOrigin = options.trustedOrigin;

  const connect: buildConnector.connector = (target, callback) => {
    if (trustedOrigin !== null && sameOrigin(target, trustedOrigin)) return trusted(target, callback);
    // net.connect never calls lookup for an address literal, so literals are judged here.
    if (!options.allowPrivateAddresses && isIP(target.hostname) !== 0 && isNonPublicAddress(target.hostname)) {
      return callback(new AddressRefused(`${target.hostname} is not a public address`), null);
    }
    return guarded(target, callback);
  };
  return new Agent({ connect });
}

function sameOrigin(target: buildConnector.Options, origin: URL): boolean {
  const defaultPort = origin.protocol === 'https:' ? '443' : '80';
  const originHost = origin.hostname.replace(/^\[(.*)\]$/, '$1');
  return target.protocol === origin.protocol && target.hostname === originHost && String(target.port || defaultPort) === (origin.port || defaultPort);
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}
